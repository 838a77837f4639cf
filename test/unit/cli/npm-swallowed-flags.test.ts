import { describe, expect, it } from 'vitest';
import { describeSwallowedFlags, findSwallowedFlags } from '../../../src/cli/npm-swallowed-flags.js';

const NAMES = ['title', 'text', 'component', 'probe-state'];

describe('findSwallowedFlags', () => {
  it('finds the flags npm kept as its own configs, by their npm_config_ variables', () => {
    const env = { npm_lifecycle_event: 'notice', npm_config_title: 'true', npm_config_probe_state: 'true' };
    expect(findSwallowedFlags(NAMES, env)).toEqual(['--title', '--probe-state']);
  });

  it('finds none outside npm, whatever the environment holds', () => {
    expect(findSwallowedFlags(NAMES, { npm_config_title: 'true' })).toEqual([]);
  });

  it('finds none when npm passed them on after --', () => {
    expect(findSwallowedFlags(NAMES, { npm_lifecycle_event: 'notice', npm_config_cache: '/root/.npm' })).toEqual([]);
  });

  it('names the -- on the script that was run', () => {
    expect(describeSwallowedFlags(['--title'], 'notice')).toBe(
      'npm took --title as its own setting, so this command never saw it: put -- between the script and its arguments, as in npm run notice -- ARGUMENTS --title …',
    );
  });
});
