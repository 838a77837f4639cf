import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { type RegionsDemo, startRegionsDemo } from '../../../src/demo/start-regions-demo.js';
import { ObservationsDocumentSchema } from '../../../src/schemas/observations.js';
import { ServiceStatusSchema } from '../../../src/schemas/service-status.js';
import { HEADERS_FILE, REGIONS_FILE } from '../../helpers/fixtures.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';
import { waitFor } from '../../helpers/test-server.js';

const quiet = () => ({ info: () => {}, error: () => {} });
const tempDir = tempDirsPerTest();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function getJson(url: string): Promise<unknown> {
  const response = await request(url);
  if (response.statusCode === 200) return response.body.json();
  await response.body.dump();
  return undefined;
}

describe('the three-region demo', () => {
  it('runs three regions that vote: one region seeing the Control API fail publishes no outage', async () => {
    const dir = await tempDir();
    const demo: RegionsDemo = await startRegionsDemo({
      dir,
      regionsFile: REGIONS_FILE,
      headersFile: HEADERS_FILE,
      anyPorts: true,
      schedule: '* * * * * *',
      log: quiet,
    });
    cleanups.push(() => demo.stop());
    const [ams1] = demo.regions;
    if (ams1 === undefined) throw new Error('no region');
    const observations = async () =>
      ObservationsDocumentSchema.safeParse(await getJson(`${ams1.url}/api/v1/observations`)).data;
    await waitFor(async () => (await observations())?.components[0]?.vote?.answered === 3, 20_000);

    await request(`${ams1.controlOrigin}/control-api/failing`, { method: 'POST' }).then((r) => r.body.dump());
    await waitFor(async () => (await observations())?.components[0]?.status === 'major_outage', 20_000);
    // Two more cycles: flapping protection would have published a lone region's outage by now.
    const seenAt = (await observations())?.observed_at ?? '';
    const cycles = new Set<string>();
    await waitFor(async () => {
      const observedAt = (await observations())?.observed_at;
      if (observedAt !== undefined && observedAt > seenAt) cycles.add(observedAt);
      return cycles.size >= 2;
    }, 20_000);
    const status = ServiceStatusSchema.parse(await getJson(`${ams1.url}/api/v1/status`));
    expect(status.components.find((component) => component.name === 'Control API')?.status).toBe('operational');
    expect((await observations())?.components[0]?.vote?.summary).toMatch(/^1 of 3 regions sees an outage/);
  });
});
