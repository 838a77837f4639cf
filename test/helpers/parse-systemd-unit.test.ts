import { describe, expect, it } from 'vitest';
import { parseSystemdUnit, unitValue } from './parse-systemd-unit.js';

describe('parseSystemdUnit', () => {
  it.each([
    ['a key in a section', '[Service]\nType=oneshot\n', 'Service', 'Type', ['oneshot']],
    ['blanks around the equals sign', '[Service]\nUser = nobody\n', 'Service', 'User', ['nobody']],
    [
      'comments with # and ;',
      '# c\n[Unit]\n; c\nDescription=x # not a comment\n',
      'Unit',
      'Description',
      ['x # not a comment'],
    ],
    ['a repeated key, in order', '[Unit]\nAfter=a\nAfter=b\n', 'Unit', 'After', ['a', 'b']],
    [
      'an empty assignment clearing earlier values',
      '[Service]\nExecStart=/a\nExecStart=\nExecStart=/b\n',
      'Service',
      'ExecStart',
      ['/b'],
    ],
    ['a continued line', '[Service]\nExecStart=/bin/x \\\n  --flag\n', 'Service', 'ExecStart', ['/bin/x    --flag']],
  ])('reads %s', (_name, text, section, key, values) => {
    expect(parseSystemdUnit(text).get(section)?.get(key)).toEqual(values);
  });

  it('rejects a line that is not Key=Value', () => {
    expect(() => parseSystemdUnit('[Unit]\nnonsense\n')).toThrow(/line 2/);
  });

  it('unitValue insists on exactly one value', () => {
    const unit = parseSystemdUnit('[Unit]\nAfter=a\nAfter=b\n');
    expect(() => unitValue(unit, 'Unit', 'After')).toThrow(/found 2/);
    expect(() => unitValue(unit, 'Unit', 'Before')).toThrow(/found 0/);
  });
});
