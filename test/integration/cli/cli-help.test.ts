import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli.js';
import { REPO_ROOT } from '../../helpers/temp-site.js';

/** Every subcommand the dispatcher knows. */
const COMMANDS = [
  'build',
  'serve',
  'probe',
  'standins',
  'start',
  'verify',
  'uptime',
  'demo-regions',
  'notice',
  'maintenance',
];

describe('service-directory --help', () => {
  it('lists every subcommand', async () => {
    const result = await runCli(['--help'], { cwd: REPO_ROOT });
    expect(result.code).toBe(0);
    for (const command of COMMANDS) {
      expect(result.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
    }
  });

  it.concurrent.each(COMMANDS)('%s --help prints its usage and exits 0 without doing anything', async (command) => {
    const result = await runCli([command, '--help'], { cwd: REPO_ROOT });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^Usage: service-directory ${command} `));
    expect(result.stderr).toBe('');
  });

  it('rejects an unknown subcommand with the usage and exit 1', async () => {
    const result = await runCli(['deploy'], { cwd: REPO_ROOT });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('unknown command: deploy');
  });
});
