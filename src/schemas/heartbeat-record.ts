import { z } from 'zod';
import { TimestampSchema } from './service-status.js';

/** The longest message a failed push keeps, in characters: the rest is cut. */
export const MAX_PUSH_MESSAGE_CHARS = 200;

/**
 * A heartbeat component's last push, as the state directory keeps it
 * (`heartbeats/{slug}.json`): when it arrived, whether the job said it
 * succeeded, and the message of a failure (text, never markup, at most
 * `MAX_PUSH_MESSAGE_CHARS`).
 */
export const HeartbeatRecordSchema = z.strictObject({
  version: z.literal(1),
  pushed_at: TimestampSchema,
  ok: z.boolean(),
  message: z.string().max(MAX_PUSH_MESSAGE_CHARS).nullable(),
});
export type HeartbeatRecord = z.infer<typeof HeartbeatRecordSchema>;

/**
 * When the probe began watching each heartbeat component, by slug
 * (`heartbeats/_watched.json`): one never heard from is not judged until its
 * `every_seconds + grace_seconds` have passed since then, across restarts
 * and `--once` runs.
 */
export const HeartbeatWatchSchema = z.strictObject({
  version: z.literal(1),
  watched_since: z.record(z.string(), TimestampSchema),
});
export type HeartbeatWatch = z.infer<typeof HeartbeatWatchSchema>;
