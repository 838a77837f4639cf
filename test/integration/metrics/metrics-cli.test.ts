import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli.js';
import { makeTempSite, type TempSite } from '../../helpers/temp-site.js';

let site: TempSite;
beforeEach(async () => {
  site = await makeTempSite();
});
afterEach(async () => {
  await site.remove();
});

describe('--metrics-port and METRICS_PORT', () => {
  it('serve refuses a --metrics-port that is no port', async () => {
    const result = await runCli(['serve', '--metrics-port', 'ninety'], { cwd: site.root, timeoutMs: 10_000 });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--metrics-port takes a whole number from 0 to 65535');
  });

  it('serve refuses a METRICS_PORT that is no port, naming the variable', async () => {
    const result = await runCli(['serve'], { cwd: site.root, env: { METRICS_PORT: '70000' }, timeoutMs: 10_000 });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('environment: METRICS_PORT: "70000" is not a port');
  });

  it('probe --once refuses --metrics-port: the run ends before anything could scrape it', async () => {
    const result = await runCli(['probe', '--once', '--metrics-port', '0'], { cwd: site.root, timeoutMs: 10_000 });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--metrics-port is for the sidecar');
  });
});
