import { z } from 'zod';

const PORT_RANGE = 'a whole number from 0 to 65535 (0 picks a free port)';
const MAX_PORT = 65_535;

/** Where the thin handler listens: `PORT` (default 3000) and `HOST` (default 127.0.0.1). */
export const ServerEnvSchema = z.object({
  PORT: z
    .string()
    .default('3000')
    .refine((value) => /^\d+$/.test(value) && Number(value) <= MAX_PORT, {
      error: (issue) => `${JSON.stringify(issue.input)} is not a port: use ${PORT_RANGE}`,
    })
    .transform(Number),
  HOST: z
    .string()
    .min(1, { error: 'must not be empty: use an address such as 127.0.0.1 or 0.0.0.0' })
    .default('127.0.0.1'),
});
export type ServerEnv = z.infer<typeof ServerEnvSchema>;
