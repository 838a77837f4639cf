import { z } from 'zod';
import { LabelSchema } from '../label.js';
import { TimestampSchema } from '../service-status.js';

/** A Statuspage identifier: 12 lowercase letters and digits, like `kctbh9vrtdwd`. */
export const StatuspageIdSchema = z
  .string()
  .regex(/^[a-z0-9]{12}$/, { error: 'must be 12 lowercase letters and digits' })
  .meta({ description: 'Stable identifier: 12 lowercase letters and digits, derived from a name.' });

/** The `page` object every Statuspage v2 document starts with. */
export const StatuspagePageSchema = z
  .strictObject({
    id: StatuspageIdSchema,
    name: LabelSchema.meta({ description: 'The page name: `page_name` of the components config, else the region.' }),
    url: z.string().min(1).meta({ description: 'The page: `public_url`, or `/` where none is configured.' }),
    time_zone: z.literal('Etc/UTC').meta({ description: 'Every time in these documents is UTC.' }),
    updated_at: TimestampSchema.meta({
      description: 'When what the page shows last changed, or when the probe that writes it started.',
    }),
  })
  .meta({ title: 'StatuspagePage' });
export type StatuspagePage = z.infer<typeof StatuspagePageSchema>;

/** Statuspage's rollup indicator, least severe first. */
export const STATUSPAGE_INDICATORS = ['none', 'maintenance', 'minor', 'major', 'critical'] as const;
export type StatuspageIndicator = (typeof STATUSPAGE_INDICATORS)[number];

/** The `status` object: the whole page's state in Statuspage's words. */
export const StatuspageStatusSchema = z
  .strictObject({
    indicator: z.enum(STATUSPAGE_INDICATORS),
    description: z
      .string()
      .min(1)
      .meta({ examples: ['All Systems Operational'] }),
  })
  .meta({ title: 'StatuspageStatus' });
export type StatuspageStatus = z.infer<typeof StatuspageStatusSchema>;
