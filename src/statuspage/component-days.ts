import { z } from 'zod';

/**
 * What the Statuspage documents read of `/api/v1/uptime`: the date of its
 * first day and which of each component's days have data (a worst state, or
 * `null`), nothing else. The probe re-reads the uptime document every cycle
 * for this, so only these fields are checked and kept; the server has
 * already validated the whole document.
 */
export const ComponentDaysSchema = z.object({
  first_day: z.string(),
  components: z.array(
    z.object({
      name: z.string(),
      days: z.object({ worst_status: z.array(z.string().nullable()) }),
    }),
  ),
});
export type ComponentDays = z.infer<typeof ComponentDaysSchema>;
