import { describe, expect, it } from 'vitest';
import {
  describeCodedError,
  describeIoError,
  errorKey,
  errorMessage,
  isErrnoException,
} from '../../../src/errors/describe-error.js';

const systemError = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
const sqliteError = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
const plainError = new TypeError('bad input');

describe('describe-error', () => {
  it.each<[string, unknown, string, string, string]>([
    [
      'a system error',
      systemError,
      'ENOSPC (ENOSPC: no space left on device, write)',
      'ENOSPC: ENOSPC: no space left on device, write',
      'ENOSPC',
    ],
    [
      'an SQLite error',
      sqliteError,
      'SQLITE_BUSY (database is locked)',
      'SQLITE_BUSY: database is locked',
      'SQLITE_BUSY',
    ],
    ['an error without a code', plainError, 'bad input', 'bad input', 'TypeError'],
    ['a thrown string', 'gone', 'gone', 'gone', 'unknown'],
    ['an error whose code is not a string', Object.assign(new Error('odd'), { code: 42 }), '42 (odd)', 'odd', 'Error'],
  ])('names %s in each form', (_what, error, io, coded, key) => {
    expect(describeIoError(error)).toBe(io);
    expect(describeCodedError(error)).toBe(coded);
    expect(errorKey(error)).toBe(key);
  });

  it('takes the message of an Error and the text of anything else', () => {
    expect(errorMessage(plainError)).toBe('bad input');
    expect(errorMessage(404)).toBe('404');
  });

  it('tells a system error from an error without a code', () => {
    expect(isErrnoException(systemError)).toBe(true);
    expect(isErrnoException(plainError)).toBe(false);
    expect(isErrnoException({ code: 'ENOENT' })).toBe(false);
  });
});
