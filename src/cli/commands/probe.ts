import { resolve } from 'node:path';
import { DEFAULT_HISTORY_FILE } from '../../history/history-recorder.js';
import { createProber } from '../../probe/create-prober.js';
import { loadProbeSettings } from '../../probe/load-probe-settings.js';
import { CONSOLE_PROBE_LOG } from '../../probe/probe-log.js';
import { DEFAULT_STATE_FILE } from '../../probe/probe-state-file.js';
import { startSidecar } from '../../probe/start-sidecar.js';
import { type OptionSpec, parseOptions } from '../parse-options.js';
import { waitForSignal } from '../wait-for-signal.js';

/** `--once` exit status when the cycle ran but wrote nothing (write failed, or the probe is offline). */
export const EXIT_NOT_PUBLISHED = 2;

export const PROBE_USAGE = `Usage: service-directory probe [--once] [--config FILE] [--out DIR] [--region CODE]
                               [--regions FILE] [--state FILE] [--history FILE]

Checks each component over HTTP and writes DIR/api/v1/status, then records the
cycle in the history and writes DIR/api/v1/uptime and DIR/api/v1/incidents.

  --once           one cycle, then exit (for cron). Without it the probe is a sidecar:
                   a cycle now, then on the config's schedule, until SIGTERM or SIGINT.
  --config FILE    the components to probe (default: data/components.json)
  --out DIR        the served directory (default: public)
  --region CODE    the region reported; wins over REGION and the config's "region"
  --regions FILE   the regions data, for the region's name (default: data/regions.json)
  --state FILE     flapping-protection memory, never under DIR (default: ${DEFAULT_STATE_FILE})
  --history FILE   the history database (SQLite), never under DIR (default: ${DEFAULT_HISTORY_FILE})

Environment: REGION overrides the config's region.
Exit status of --once: 0 the status was written, whatever it says; 1 bad config,
unknown region or bad usage; ${EXIT_NOT_PUBLISHED} nothing written (the write failed, or the
connectivity check failed).`;

/** The command's flags; the deploy-recipe tests check the recipes against them. */
export const PROBE_OPTIONS = {
  once: { type: 'boolean', default: false },
  config: { type: 'string', default: 'data/components.json' },
  out: { type: 'string', default: 'public' },
  region: { type: 'string' },
  regions: { type: 'string', default: 'data/regions.json' },
  state: { type: 'string', default: DEFAULT_STATE_FILE },
  history: { type: 'string', default: DEFAULT_HISTORY_FILE },
} satisfies OptionSpec;

export async function probe(args: string[]): Promise<void> {
  const parsed = parseOptions(args, PROBE_OPTIONS, PROBE_USAGE);
  if (!parsed) return;
  const { values } = parsed;
  const settings = await loadProbeSettings({
    configFile: resolve(String(values.config)),
    regionsFile: resolve(String(values.regions)),
    regionFlag: typeof values.region === 'string' ? values.region : undefined,
  });
  const proberOptions = {
    settings,
    publicDir: resolve(String(values.out)),
    stateFile: resolve(String(values.state)),
    historyFile: resolve(String(values.history)),
    log: CONSOLE_PROBE_LOG,
  };

  if (values.once) {
    const prober = createProber(proberOptions);
    const report = await prober.runCycle();
    prober.close();
    if (!report.published) process.exitCode = EXIT_NOT_PUBLISHED;
    return;
  }
  const sidecar = startSidecar(proberOptions);
  const signal = await waitForSignal();
  CONSOLE_PROBE_LOG.info(`${signal}: stopping`);
  await sidecar.stop();
  CONSOLE_PROBE_LOG.info('stopped');
}
