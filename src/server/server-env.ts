import { z } from 'zod';

/** Where the thin handler listens: `PORT` (default 3000) and `HOST` (default 127.0.0.1). */
export const ServerEnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
});
export type ServerEnv = z.infer<typeof ServerEnvSchema>;
