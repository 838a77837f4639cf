import { z } from 'zod';
import { LabelSchema } from './label.js';
import { TimestampSchema } from './service-status.js';

/** One heartbeat component as the probe last judged it: what it expects, and what it has heard. */
export const ComponentHeartbeatSchema = z
  .strictObject({
    name: LabelSchema,
    every_seconds: z.number().int().min(1).meta({ description: 'How often the job pushes (`every_seconds`).' }),
    grace_seconds: z
      .number()
      .int()
      .min(0)
      .meta({ description: 'How late a push may be before the component is down (`grace_seconds`).' }),
    last_push_at: TimestampSchema.nullable().meta({
      description: 'When its last push arrived, whatever it said; null if none has since the probe began watching it.',
    }),
    not_judged_until: TimestampSchema.nullable().meta({
      description:
        'For a component never heard from: when it is first judged (`every_seconds + grace_seconds` after the ' +
        'probe began watching it); until then it is published `operational`. Null once a push has arrived or that time has passed.',
    }),
  })
  .meta({ title: 'ComponentHeartbeat' });
export type ComponentHeartbeat = z.infer<typeof ComponentHeartbeatSchema>;

/**
 * The `/api/v1/heartbeats` body: this region's heartbeat components, in
 * config order, as the cycle of `updated_at` judged them (an addition beside
 * v1, written by the probe only where the config has such components). The
 * state each was published in is the status's; a failed push's reason is
 * the observations' `failure_reason`.
 */
export const HeartbeatsDocumentSchema = z
  .strictObject({
    version: z.literal('v1'),
    region: LabelSchema.meta({ description: 'Name of the region whose probe hears these pushes.' }),
    updated_at: TimestampSchema.meta({
      description: 'When the cycle that judged them finished: the status’s updated_at.',
    }),
    components: z.array(ComponentHeartbeatSchema),
  })
  .meta({ title: 'Heartbeats' });
export type HeartbeatsDocument = z.infer<typeof HeartbeatsDocumentSchema>;
