import { z } from 'zod';
import { DEFAULT_SLOW_MS } from '../../standins/start-standin.js';
import {
  DEFAULT_STANDIN_BASE_PORT,
  describeStandinPlatform,
  startStandinPlatform,
} from '../../standins/start-standin-platform.js';
import { explainPortInUse } from '../explain-port-in-use.js';
import { parseOptions } from '../parse-options.js';
import { UsageError } from '../run-command.js';
import { waitForSignal } from '../wait-for-signal.js';

export const STANDINS_USAGE = `Usage: service-directory standins [--port BASE] [--slow-ms MS]

Starts the stand-in platform on 127.0.0.1: four small HTTP services imitating the
Control API, Scheduler, Build Service and Registry, for the probe to watch. They are
not real components. A control server on BASE switches their behaviour:
  curl -X POST http://127.0.0.1:BASE/<control-api|scheduler|build-service|registry|all>/<mode>
with mode one of healthy, slow, failing, hanging, refusing (and reset, huge, redirect).

  --port BASE     control server port; components on BASE+1..BASE+4 (default: ${DEFAULT_STANDIN_BASE_PORT})
  --slow-ms MS    how long "slow" takes to answer (default: ${DEFAULT_SLOW_MS})`;

const PortSchema = z.coerce.number().int().min(1).max(65_531);
const MillisecondsSchema = z.coerce.number().int().min(0).max(600_000);

export async function standins(args: string[]): Promise<void> {
  const parsed = parseOptions(
    args,
    {
      port: { type: 'string', default: String(DEFAULT_STANDIN_BASE_PORT) },
      'slow-ms': { type: 'string', default: String(DEFAULT_SLOW_MS) },
    },
    STANDINS_USAGE,
  );
  if (!parsed) return;
  const port = PortSchema.safeParse(parsed.values.port);
  const slowMs = MillisecondsSchema.safeParse(parsed.values['slow-ms']);
  if (!port.success) throw new UsageError(`--port: must be a port number from 1 to 65531\n\n${STANDINS_USAGE}`);
  if (!slowMs.success) throw new UsageError(`--slow-ms: must be a number of milliseconds\n\n${STANDINS_USAGE}`);
  const platform = await startStandinPlatform({
    basePort: port.data,
    slowMs: slowMs.data,
    log: (line) => console.log(`standins: ${line}`),
  }).catch((error: unknown) => {
    throw explainPortInUse(error, 'pick other ports with --port BASE');
  });
  for (const line of describeStandinPlatform(platform)) console.log(`standins: ${line}`);
  const signal = await waitForSignal();
  console.log(`standins: ${signal}: stopping`);
  await platform.close();
}
