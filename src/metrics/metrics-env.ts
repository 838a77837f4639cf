import { z } from 'zod';

const MAX_PORT = 65_535;

/**
 * Where a metrics listener goes: `METRICS_PORT` (no default: without it and
 * without `--metrics-port` there is no listener) and `METRICS_HOST`.
 */
export const MetricsEnvSchema = z.object({
  METRICS_PORT: z
    .string()
    .refine((value) => /^\d+$/.test(value) && Number(value) <= MAX_PORT, {
      error: (issue) =>
        `${JSON.stringify(issue.input)} is not a port: use a whole number from 0 to 65535 (0 picks a free port)`,
    })
    .transform(Number)
    .optional(),
  METRICS_HOST: z
    .string()
    .min(1, { error: 'must not be empty: use an address such as 127.0.0.1 or 0.0.0.0' })
    .optional(),
});
export type MetricsEnv = z.infer<typeof MetricsEnvSchema>;

/**
 * The metrics port: `--metrics-port` wins over `METRICS_PORT`; `undefined`
 * means no metrics listener. Returns a reason for a flag that is no port.
 */
export function chooseMetricsPort(
  flag: string | undefined,
  env: MetricsEnv,
): { readonly ok: true; readonly port: number | undefined } | { readonly ok: false; readonly reason: string } {
  if (flag === undefined) return { ok: true, port: env.METRICS_PORT };
  if (!/^\d+$/.test(flag) || Number(flag) > MAX_PORT) {
    return { ok: false, reason: '--metrics-port takes a whole number from 0 to 65535 (0 picks a free port)' };
  }
  return { ok: true, port: Number(flag) };
}
