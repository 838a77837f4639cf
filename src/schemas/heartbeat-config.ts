import { z } from 'zod';

/** The longest interval a heartbeat may be expected at: 31 days (a monthly job). */
export const MAX_HEARTBEAT_SECONDS = 31 * 24 * 60 * 60;

const secondsField = (min: number, what: string) =>
  z
    .number({ error: `must be a number of seconds${what}` })
    .int({ error: 'must be a whole number of seconds' })
    .min(min, { error: `must be at least ${min}` })
    .max(MAX_HEARTBEAT_SECONDS, { error: `must be at most ${MAX_HEARTBEAT_SECONDS} (31 days)` });

/**
 * A component judged by pushes from the thing itself rather than by a check
 * (`heartbeat` in `data/components.json`): a push is expected every
 * `every_seconds`, and none within `every_seconds + grace_seconds` is an
 * outage. `token_env` names the environment variable holding the bearer
 * token pushes must carry; only the probe's push listener reads it.
 */
export const HeartbeatConfigSchema = z.strictObject(
  {
    every_seconds: secondsField(1, ', how often the job pushes'),
    grace_seconds: secondsField(0, ', how late a push may be').default(0),
    token_env: z
      .string({
        error: (issue) =>
          issue.input === undefined
            ? 'is required: the environment variable holding the token pushes carry'
            : 'must be a string',
      })
      .regex(/^[A-Z_][A-Z0-9_]*$/, { error: 'must be an environment variable name like NIGHTLY_BUILD_TOKEN' }),
  },
  {
    error: (issue) =>
      issue.code === 'invalid_type'
        ? 'must be an object like { "every_seconds": 3600, "grace_seconds": 300, "token_env": "NIGHTLY_BUILD_TOKEN" }'
        : undefined,
  },
);
export type HeartbeatConfig = z.infer<typeof HeartbeatConfigSchema>;
