import { resolve } from 'node:path';
import { z } from 'zod';
import { buildSite } from '../../build/build-site.js';
import { readEnv } from '../../io/read-env.js';
import { loadProbeSettings } from '../../probe/load-probe-settings.js';
import { CONSOLE_PROBE_LOG } from '../../probe/probe-log.js';
import { DEFAULT_STATE_FILE } from '../../probe/probe-state-file.js';
import { type Sidecar, startSidecar } from '../../probe/start-sidecar.js';
import { ServerEnvSchema } from '../../server/server-env.js';
import { staleAfterForSchedule } from '../../server/stale-after.js';
import { type RunningServer, startServer } from '../../server/start-server.js';
import {
  DEFAULT_STANDIN_BASE_PORT,
  describeStandinPlatform,
  type StandinPlatform,
  startStandinPlatform,
} from '../../standins/start-standin-platform.js';
import { explainPortInUse } from '../explain-port-in-use.js';
import { parseOptions } from '../parse-options.js';
import { UsageError } from '../run-command.js';
import { waitForSignal } from '../wait-for-signal.js';

export const START_USAGE = `Usage: service-directory start [--config FILE] [--data FILE] [--public DIR] [--headers FILE]
                               [--state FILE] [--standins-port BASE] [--without-standins]

The whole system on one machine: builds public/, launches the stand-in platform,
serves, and runs the probe as a sidecar. Ctrl-C or SIGTERM stops all of it.

  --config FILE          the components to probe (default: data/components.json)
  --data FILE            the regions data (default: data/regions.json)
  --public DIR           the served directory (default: public)
  --headers FILE         the response header rules (default: headers.json)
  --state FILE           the probe's memory (default: ${DEFAULT_STATE_FILE})
  --standins-port BASE   stand-in control port; components on BASE+1..BASE+4 (default: ${DEFAULT_STANDIN_BASE_PORT})
  --without-standins     probe what the config names, launch no stand-ins

Environment: PORT (default 3000), HOST (default 127.0.0.1), REGION.`;

const PortSchema = z.coerce.number().int().min(1).max(65_531);

export async function start(args: string[]): Promise<void> {
  const parsed = parseOptions(
    args,
    {
      config: { type: 'string', default: 'data/components.json' },
      data: { type: 'string', default: 'data/regions.json' },
      public: { type: 'string', default: 'public' },
      headers: { type: 'string', default: 'headers.json' },
      state: { type: 'string', default: DEFAULT_STATE_FILE },
      'standins-port': { type: 'string', default: String(DEFAULT_STANDIN_BASE_PORT) },
      'without-standins': { type: 'boolean', default: false },
    },
    START_USAGE,
  );
  if (!parsed) return;
  const { values } = parsed;
  const standinsPort = PortSchema.safeParse(values['standins-port']);
  if (!standinsPort.success) throw new UsageError(`--standins-port: must be a port from 1 to 65531\n\n${START_USAGE}`);
  const env = readEnv(ServerEnvSchema);
  const publicDir = resolve(String(values.public));
  const regionsFile = resolve(String(values.data));

  // Everything that can be wrong with the inputs is found before anything listens.
  const built = await buildSite({ regionsFile, publicDir, headersFile: resolve(String(values.headers)) });
  console.log(`start: built ${built.regionsFile} (${built.regionCount} regions)`);
  const settings = await loadProbeSettings({ configFile: resolve(String(values.config)), regionsFile });

  let platform: StandinPlatform | undefined;
  let server: RunningServer | undefined;
  let sidecar: Sidecar | undefined;
  try {
    if (!values['without-standins']) {
      platform = await startStandinPlatform({
        basePort: standinsPort.data,
        log: (line) => console.log(`standins: ${line}`),
      }).catch((error: unknown) => {
        throw explainPortInUse(error, 'pick other stand-in ports with --standins-port BASE');
      });
      for (const line of describeStandinPlatform(platform)) console.log(`standins: ${line}`);
    }
    server = await startServer({
      publicDir,
      headersFile: resolve(String(values.headers)),
      port: env.PORT,
      host: env.HOST,
      fallbackStaleAfterMs: staleAfterForSchedule(settings.schedule),
    }).catch((error: unknown) => {
      throw explainPortInUse(error, 'serve on another port with PORT=3001 npm start');
    });
    console.log(`start: serving on ${server.url} (try ${server.url}/api/v1/status)`);
    sidecar = startSidecar({
      settings,
      publicDir,
      stateFile: resolve(String(values.state)),
      log: CONSOLE_PROBE_LOG,
    });
    const signal = await waitForSignal();
    console.log(`start: ${signal}, stopping the probe, the server and the stand-ins`);
  } finally {
    await sidecar?.stop();
    await server?.close();
    await platform?.close();
  }
  console.log('start: stopped');
}
