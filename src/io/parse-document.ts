import type { z } from 'zod';
import { errorMessage } from '../errors/describe-error.js';
import { formatJsonPath } from '../errors/format-json-path.js';
import { InputError } from '../errors/input-error.js';
import { pathNamers } from '../errors/path-namers.js';
import { describeJsonError } from './describe-json-error.js';
import { judgeJsonNesting } from './judge-json-nesting.js';

/**
 * Parses JSON text and validates it against a schema, naming `file` in every
 * problem, and each place as the schema's entry in `pathNamers` says (by
 * JSON path otherwise). Throws `InputError`; never returns unvalidated data.
 */
export function parseDocument<T extends z.ZodType>(file: string, text: string, schema: T): z.output<T> {
  if (text.trim() === '') throw new InputError(file, [{ path: '', reason: 'is empty' }]);
  // Judged before parsing: a few MB nested deep would parse into hundreds of MB.
  const tooNested = judgeJsonNesting(text);
  if (tooNested !== undefined)
    throw new InputError(file, [{ path: '', reason: `is not a document this reads: it ${tooNested}` }]);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const detail = describeJsonError(text, errorMessage(error));
    throw new InputError(file, [{ path: '', reason: `is not valid JSON (${detail})` }], { cause: error });
  }
  const result = schema.safeParse(json, { error: explainMissingField });
  if (result.success) return result.data;
  const describePath = pathNamers.get(schema)?.describePaths(json) ?? formatJsonPath;
  throw new InputError(
    file,
    result.error.issues.map((issue) => ({ path: describePath(issue.path), reason: issue.message })),
    { cause: result.error },
  );
}

/**
 * JSON has no `undefined`, so an issue about an `undefined` value is always a
 * missing field. zod's own wording ("expected string, received undefined",
 * "Invalid option") hides that; a schema's own message still wins.
 */
function explainMissingField(issue: { readonly code?: string; readonly input?: unknown }): string | undefined {
  const aboutValue = issue.code === 'invalid_type' || issue.code === 'invalid_value';
  return aboutValue && issue.input === undefined ? 'is required' : undefined;
}
