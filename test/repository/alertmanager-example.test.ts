import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runProcess } from '../helpers/run-cli.js';
import { REPO_ROOT } from '../helpers/temp-site.js';

describe('deploy/alertmanager/alertmanager.yml', () => {
  it('passes amtool check-config, with a webhook to the alerts receiver', async () => {
    const file = join(REPO_ROOT, 'deploy', 'alertmanager', 'alertmanager.yml');
    const result = await runProcess('amtool', ['check-config', file]);
    expect(result.stdout + result.stderr).toContain('SUCCESS');
    expect(result.stdout).toContain('1 receivers');
    expect(result.code).toBe(0);
  });
});
