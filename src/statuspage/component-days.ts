import { z } from 'zod';

/**
 * What the Statuspage documents read of `/api/v1/uptime`: each component's
 * days and which of them have data, nothing else. The probe re-reads the
 * uptime document every cycle for this, and the document grows to megabytes
 * with many components, so only these fields are checked and kept; the
 * server has already validated the whole document.
 */
export const ComponentDaysSchema = z.object({
  components: z.array(
    z.object({
      name: z.string(),
      days: z.array(z.object({ date: z.string(), no_data_minutes: z.number() })),
    }),
  ),
});
export type ComponentDays = z.infer<typeof ComponentDaysSchema>;
