import type { z } from 'zod';
import { formatJsonPath } from '../errors/format-json-path.js';
import { InputError } from '../errors/input-error.js';

/** Validates environment variables against a schema; problems name `environment` and the variable. */
export function readEnv<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv = process.env): z.output<T> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new InputError(
    'environment',
    result.error.issues.map((issue) => ({ path: formatJsonPath(issue.path), reason: issue.message })),
  );
}
