import type { z } from 'zod';
import { isErrnoException } from '../errors/describe-error.js';
import { InputError } from '../errors/input-error.js';
import { readDocument } from './read-document.js';

/**
 * `readDocument`, except that a file that does not exist is `undefined`
 * rather than an error; every other problem still throws `InputError`.
 */
export async function readOptionalDocument<T extends z.ZodType>(
  file: string,
  schema: T,
): Promise<z.output<T> | undefined> {
  try {
    return await readDocument(file, schema);
  } catch (error) {
    if (error instanceof InputError && isErrnoException(error.cause) && error.cause.code === 'ENOENT') return undefined;
    throw error;
  }
}
