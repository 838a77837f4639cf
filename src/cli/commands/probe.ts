import { resolve } from 'node:path';
import { loadProbeSettings } from '../../probe/load-probe-settings.js';
import { CONSOLE_PROBE_LOG } from '../../probe/probe-log.js';
import { DEFAULT_STATE_FILE } from '../../probe/probe-state-file.js';
import { runProbeOnce } from '../../probe/run-probe-once.js';
import { startSidecar } from '../../probe/start-sidecar.js';
import { loadSubscriptions } from '../../subscriptions/load-subscriptions.js';
import { type OptionSpec, parseOptions } from '../parse-options.js';
import { waitForSignal } from '../wait-for-signal.js';

/** `--once` exit status when the cycle ran but wrote nothing (write failed, or the probe is offline). */
export const EXIT_NOT_PUBLISHED = 2;

export const PROBE_USAGE = `Usage: service-directory probe [--once] [--config FILE] [--out DIR] [--region CODE]
                               [--regions FILE] [--state FILE]

Checks each component over HTTP and writes DIR/api/v1/status, then DIR/feed.atom,
and queues webhook events (config "webhooks") beside the state file.

  --once           one cycle, then exit (for cron); queued webhooks get one attempt within
                   5 s and the rest wait for the next run. Without it the probe is a sidecar:
                   a cycle now, then on the config's schedule, until SIGTERM or SIGINT.
  --config FILE    the components to probe (default: data/components.json)
  --out DIR        the served directory (default: public)
  --region CODE    the region reported; wins over REGION and the config's "region"
  --regions FILE   the regions data, for the region's name (default: data/regions.json)
  --state FILE     flapping-protection memory, never under DIR (default: ${DEFAULT_STATE_FILE})

Environment: REGION overrides the config's region; each webhook's secret_env names
the variable holding its signing secret.
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
} satisfies OptionSpec;

export async function probe(args: string[]): Promise<void> {
  const parsed = parseOptions(args, PROBE_OPTIONS, PROBE_USAGE);
  if (!parsed) return;
  const { values } = parsed;
  const configFile = resolve(String(values.config));
  const settings = await loadProbeSettings({
    configFile,
    regionsFile: resolve(String(values.regions)),
    regionFlag: typeof values.region === 'string' ? values.region : undefined,
  });
  const publicDir = resolve(String(values.out));
  const stateFile = resolve(String(values.state));
  const log = CONSOLE_PROBE_LOG;
  const subscriptions = await loadSubscriptions({ configFile, settings, publicDir, stateFile, log });
  const proberOptions = { settings, publicDir, stateFile, log, subscriptions };

  if (values.once) {
    const report = await runProbeOnce(proberOptions);
    if (!report.published) process.exitCode = EXIT_NOT_PUBLISHED;
    return;
  }
  const sidecar = startSidecar(proberOptions);
  const signal = await waitForSignal();
  CONSOLE_PROBE_LOG.info(`${signal}: stopping`);
  await sidecar.stop();
  CONSOLE_PROBE_LOG.info('stopped');
}
