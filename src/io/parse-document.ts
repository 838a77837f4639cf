import type { z } from 'zod';
import { formatJsonPath } from '../errors/format-json-path.js';
import { InputError } from '../errors/input-error.js';

/**
 * Parses JSON text and validates it against a schema, naming `file` in every
 * problem. Throws `InputError`; never returns unvalidated data.
 */
export function parseDocument<T extends z.ZodType>(file: string, text: string, schema: T): z.output<T> {
  if (text.trim() === '') throw new InputError(file, [{ path: '', reason: 'is empty' }]);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new InputError(file, [{ path: '', reason: `is not valid JSON (${detail})` }], { cause: error });
  }
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  throw new InputError(
    file,
    result.error.issues.map((issue) => ({ path: formatJsonPath(issue.path), reason: issue.message })),
    { cause: result.error },
  );
}
