import { describe, expect, it } from 'vitest';
import { createOccasionalLog } from '../../../src/server/log-occasionally.js';

describe('createOccasionalLog', () => {
  it('logs a key once per interval and then says how many lines it left out', () => {
    const lines: string[] = [];
    let now = 0;
    const logOccasionally = createOccasionalLog(
      (line) => lines.push(line),
      1_000,
      () => now,
    );
    for (let index = 0; index < 5; index += 1) logOccasionally('EMFILE', `EMFILE ${index}`);
    logOccasionally('EACCES', 'EACCES');
    now = 1_000;
    logOccasionally('EMFILE', 'EMFILE again');
    expect(lines).toEqual(['EMFILE 0', 'EACCES', 'EMFILE again (and 4 more like it since the last report)']);
  });
});
