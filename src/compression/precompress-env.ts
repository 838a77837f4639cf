import { z } from 'zod';

/**
 * `PRECOMPRESS`, the environment's form of `--precompress`: `1` or `true`
 * turns it on, `0`, `false` or empty leaves it off; unset is off.
 */
export const PrecompressEnvSchema = z.object({
  PRECOMPRESS: z
    .enum(['1', 'true', '0', 'false', ''], {
      error: (issue) =>
        `${JSON.stringify(issue.input)} is not a switch: use 1 or true to turn it on, 0 or false for off`,
    })
    .transform((value) => value === '1' || value === 'true')
    .optional(),
});
export type PrecompressEnv = z.infer<typeof PrecompressEnvSchema>;

/** Whether to write `.gz`/`.br` siblings: `--precompress` turns it on whatever `PRECOMPRESS` says. Pure. */
export function choosePrecompress(flag: boolean, env: PrecompressEnv): boolean {
  return flag || env.PRECOMPRESS === true;
}
