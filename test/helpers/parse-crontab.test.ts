import { describe, expect, it } from 'vitest';
import { parseCrontab } from './parse-crontab.js';

describe('parseCrontab', () => {
  it('reads environment lines and jobs, skipping comments and blank lines', () => {
    const crontab = parseCrontab('# c\nREGION=ams1\n\n*/5 * * * 1-5  cd /x && run --once\n');
    expect(crontab.env).toEqual(new Map([['REGION', 'ams1']]));
    expect(crontab.entries).toEqual([
      { line: 4, fields: ['*/5', '*', '*', '*', '1-5'], command: 'cd /x && run --once' },
    ]);
  });

  it('rejects a job with fewer than five fields and a command', () => {
    expect(() => parseCrontab('* * * * run\n')).toThrow(/line 1/);
  });
});
