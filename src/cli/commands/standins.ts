import { z } from 'zod';
import { DEFAULT_SLOW_MS } from '../../standins/start-standin.js';
import {
  DEFAULT_STANDIN_BASE_PORT,
  describeStandinPlatform,
  startStandinPlatform,
} from '../../standins/start-standin-platform.js';
import { explainPortInUse } from '../explain-port-in-use.js';
import { parseOptions } from '../parse-options.js';
import { parseStandinsPort } from '../parse-standins-port.js';
import { UsageError } from '../run-command.js';
import { waitForSignal } from '../wait-for-signal.js';

export const STANDINS_USAGE = `Usage: service-directory standins [--port BASE] [--slow-ms MS]

Starts the stand-in platform on 127.0.0.1: four small HTTP services imitating the
Control API, Scheduler, Build Service and Registry, for the probe to watch. They are
not real components. A control server on BASE switches their behaviour:
  curl -X POST http://127.0.0.1:BASE/<control-api|scheduler|build-service|registry|all>/<mode>
with mode one of healthy, slow, failing, hanging, refusing (and reset, huge, redirect).

  --port BASE     control server port; components on BASE+1..BASE+4 (default: ${DEFAULT_STANDIN_BASE_PORT}).
                  Probe them there with: service-directory probe --standins-port BASE
  --slow-ms MS    how long "slow" takes to answer (default: ${DEFAULT_SLOW_MS})`;

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
  const port = parseStandinsPort(parsed.values.port, '--port') ?? DEFAULT_STANDIN_BASE_PORT;
  const slowMs = MillisecondsSchema.safeParse(parsed.values['slow-ms']);
  if (!slowMs.success) {
    const given = JSON.stringify(parsed.values['slow-ms']);
    throw new UsageError(
      `--slow-ms: ${given} is not a delay: use whole milliseconds from 0 to 600000\n\n${STANDINS_USAGE}`,
    );
  }
  const platform = await startStandinPlatform({
    basePort: port,
    slowMs: slowMs.data,
    log: (line) => console.log(`standins: ${line}`),
  }).catch((error: unknown) => {
    throw explainPortInUse(error, 'pick other ports with --port BASE');
  });
  for (const line of describeStandinPlatform(platform)) console.log(`standins: ${line}`);
  if (port !== DEFAULT_STANDIN_BASE_PORT) {
    console.log(`standins: data/components.json names ports 4101-4104; probe these with --standins-port ${port}`);
  }
  const signal = await waitForSignal();
  console.log(`standins: ${signal}: stopping`);
  await platform.close();
}
