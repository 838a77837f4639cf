import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEMO_REGIONS, startRegionsDemo } from '../../demo/start-regions-demo.js';
import { explainPortInUse } from '../explain-port-in-use.js';
import { parseOptions } from '../parse-options.js';
import { waitForSignal } from '../wait-for-signal.js';

export const DEMO_REGIONS_USAGE = `Usage: service-directory demo-regions [--data FILE] [--headers FILE]

Three regions on this machine, each a server and a probe with the other two as peers:
${DEMO_REGIONS.map((region) => `  ${region.code}: http://127.0.0.1:${region.port}/   its stand-ins: http://127.0.0.1:${region.standinsPort}/`).join('\n')}
Control API and Scheduler are global (published by a vote); Build Service and
Registry are each region's own. Each region watches its own copy of the stand-ins,
so failing one copy is one region's broken path, and failing all three is an outage:
  curl -X POST http://127.0.0.1:4100/control-api/failing     # only ams1 sees it
Ctrl-C stops all of it.

  --data FILE      the regions data (default: data/regions.json)
  --headers FILE   the response header rules (default: headers.json)`;

export async function demoRegions(args: string[]): Promise<void> {
  const parsed = parseOptions(
    args,
    { data: { type: 'string', default: 'data/regions.json' }, headers: { type: 'string', default: 'headers.json' } },
    DEMO_REGIONS_USAGE,
  );
  if (!parsed) return;
  const dir = await mkdtemp(join(tmpdir(), 'service-directory-demo-'));
  try {
    const demo = await startRegionsDemo({
      dir,
      regionsFile: resolve(String(parsed.values.data)),
      headersFile: resolve(String(parsed.values.headers)),
      log: (code) => ({
        info: (line) => console.log(`${code}: ${line}`),
        error: (line) => console.error(`${code}: ${line}`),
      }),
    }).catch((error: unknown) => {
      throw explainPortInUse(error, 'the demo needs ports 3001-3003 and 4100-4104, 4200-4204, 4300-4304');
    });
    for (const region of demo.regions) {
      console.log(`demo: ${region.code} at ${region.url}/ (stand-ins: ${region.controlOrigin}/)`);
    }
    const signal = await waitForSignal();
    console.log(`demo: ${signal}, stopping`);
    await demo.stop();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
