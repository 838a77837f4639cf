import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { isErrnoException } from '../errors/describe-error.js';
import { InputError } from '../errors/input-error.js';
import { decodeUtf8 } from './decode-utf8.js';
import { displayPath } from './display-path.js';
import { parseDocument } from './parse-document.js';

/** The start of the reason for a missing file; the server's reload logs it too. */
export const FILE_NOT_FOUND = 'file not found';

/**
 * Reads a JSON file (UTF-8, strictly: see `decodeUtf8`) and validates it;
 * problems name the file relative to the working directory.
 */
export async function readDocument<T extends z.ZodType>(file: string, schema: T): Promise<z.output<T>> {
  const shown = displayPath(file);
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    const reason =
      isErrnoException(error) && error.code === 'ENOENT'
        ? `${FILE_NOT_FOUND}: run the command from the project's directory, or give the file's path with the command's option (see --help)`
        : `cannot be read (${String(error)})`;
    throw new InputError(shown, [{ path: '', reason }], { cause: error });
  }
  const decoded = decodeUtf8(bytes);
  if ('invalid' in decoded) throw new InputError(shown, [{ path: '', reason: decoded.invalid }]);
  return parseDocument(shown, decoded.text, schema);
}
