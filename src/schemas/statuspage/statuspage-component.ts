import { z } from 'zod';
import { LabelSchema } from '../label.js';
import { TimestampSchema } from '../service-status.js';
import { StatusValueSchema } from '../status-value.js';
import { StatuspageIdSchema } from './statuspage-page.js';

/** What every Statuspage component carries, a group or not, in Statuspage's field order. */
const ComponentShape = {
  id: StatuspageIdSchema,
  name: LabelSchema,
  status: StatusValueSchema,
  created_at: TimestampSchema.meta({ description: 'The earliest time the published history knows the component.' }),
  updated_at: TimestampSchema.meta({ description: 'When its current state began, as far as the history knows.' }),
  position: z.number().int().min(1).meta({ description: 'Order on the page, from 1; within a group, in the group.' }),
  description: z.null(),
  showcase: z.boolean(),
  start_date: z.null(),
  group_id: StatuspageIdSchema.nullable().meta({ description: 'The group it is shown under, or null.' }),
  page_id: StatuspageIdSchema,
};

/** A component the probe checks. */
export const StatuspageMemberComponentSchema = z
  .strictObject({
    ...ComponentShape,
    group: z.literal(false),
    only_show_if_degraded: z.boolean(),
  })
  .meta({ title: 'StatuspageComponent' });

/** A group of components (`components[].group` in the config): its status is its members' worst. */
export const StatuspageGroupComponentSchema = z
  .strictObject({
    ...ComponentShape,
    group: z.literal(true),
    only_show_if_degraded: z.boolean(),
    components: z.array(StatuspageIdSchema).min(1).meta({ description: 'The ids of its components.' }),
  })
  .meta({ title: 'StatuspageComponentGroup' });

/** One entry of a Statuspage `components` list: a component, or a group of them. */
export const StatuspageComponentSchema = z.discriminatedUnion('group', [
  StatuspageMemberComponentSchema,
  StatuspageGroupComponentSchema,
]);
export type StatuspageComponent = z.infer<typeof StatuspageComponentSchema>;
export type StatuspageMemberComponent = z.infer<typeof StatuspageMemberComponentSchema>;
