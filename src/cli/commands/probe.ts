import { resolve } from 'node:path';
import { choosePrecompress, PrecompressEnvSchema } from '../../compression/precompress-env.js';
import { DEFAULT_HISTORY_FILE } from '../../history/history-recorder.js';
import { readEnv } from '../../io/read-env.js';
import { type CONSOLE_PROBE_LOG, createConsoleProbeLog, LogLevelEnvSchema } from '../../log/probe-log.js';
import { chooseMetricsPort, MetricsEnvSchema } from '../../metrics/metrics-env.js';
import { loadProbeOptions } from '../../probe-process/load-probe-options.js';
import { openPushListener } from '../../probe-process/open-push-listener.js';
import { probeOnce } from '../../probe-process/probe-once.js';
import { DEFAULT_STATE_FILE } from '../../probe-process/probe-state-file.js';
import { startObservedSidecar } from '../../probe-process/start-observed-sidecar.js';
import { ProbeLockedError } from '../../public-dir/probe-locked-error.js';
import { loadComponentsConfig } from '../../settings/load-components-config.js';
import { parseLockStaleAfter } from '../parse-lock-stale-after.js';
import { type OptionSpec, parseOptions } from '../parse-options.js';
import { parsePort, parsePushPort } from '../parse-push-port.js';
import { parseStandinsPort } from '../parse-standins-port.js';
import { UsageError } from '../run-command.js';
import { waitForSignal } from '../wait-for-signal.js';

/** `--once` exit status when nothing was written: the write failed, the probe is offline, or another probe holds the lock. */
export const EXIT_NOT_PUBLISHED = 2;
/** `--once --publish` exit status when everything was written locally but not every changed file reached the bucket. */
export const EXIT_NOT_UPLOADED = 3;

export const PROBE_USAGE = `Usage: service-directory probe [--once] [--config FILE] [--notices FILE|URL] [--out DIR]
                               [--region CODE] [--regions FILE] [--state FILE] [--history FILE]
                               [--standins-port BASE]
                               [--metrics-port PORT] [--push-port PORT] [--push-host HOST]
                               [--push-cert FILE --push-key FILE]
                               [--subscribe-port PORT] [--subscribe-host HOST]
                               [--standby] [--lock-stale-after SECONDS]
                               [--publish s3://BUCKET[/PREFIX]] [--headers FILE] [--precompress]

Reads the team's notices, checks each component (HTTP, TCP, DNS, gRPC health, an
upstream Statuspage, or the pushes of a heartbeat) and writes DIR/api/v1/status
(each component the worse of what the checks see and what an open notice
declares), then DIR/api/v1/notices and DIR/api/v1/heartbeats (what each heartbeat
component last heard), records the cycle in the history and writes
DIR/api/v1/uptime, DIR/api/v1/incidents, DIR/feed.atom and Statuspage's
documents under DIR/api/v2/, and queues webhook events (config "webhooks")
beside the state file.

  --once           one cycle, then exit (for cron); queued webhooks get one attempt within
                   5 s and the rest wait for the next run. Without it the probe is a sidecar:
                   a cycle now, then on the config's schedule, until SIGTERM or SIGINT.
  --config FILE    the components to probe (default: data/components.json)
  --notices FILE|URL
                   the team's notices, written with the notice and maintenance commands;
                   read before every cycle, and the sidecar runs a cycle as soon as the
                   file changes; missing means none (default: data/notices.json). A URL
                   (https://status.example.com/api/v1/notices) is the notices one place
                   publishes for every region, fetched before every cycle (2 s at most)
  --out DIR        the served directory (default: public)
  --region CODE    the region reported; wins over REGION and the config's "region"
  --regions FILE   the regions data, for the region's name (default: data/regions.json)
  --state FILE     flapping-protection memory, never under DIR (default: ${DEFAULT_STATE_FILE})
  --history FILE   the history database (SQLite), never under DIR (default: ${DEFAULT_HISTORY_FILE})
  --standins-port BASE
                   checks of the stand-ins' default ports (127.0.0.1:4101..4104) go to
                   BASE+1..BASE+4 instead, for stand-ins started with standins --port BASE
  --metrics-port PORT
                   the sidecar's own health for Prometheus, GET /metrics on METRICS_HOST
                   (default 127.0.0.1); not with --once
  --push-port PORT (sidecar) heartbeat components' pushes: POST /heartbeat/SLUG with
                   Authorization: Bearer TOKEN (each component's heartbeat.token_env);
                   standbys listen too. Not with --once: jobs there run
                   service-directory heartbeat NAME. With "alerts" in the config,
                   also Alertmanager's and Grafana's webhooks: POST /alerts/alertmanager
                   and /alerts/grafana with Bearer ALERTS_TOKEN (alerts.token_env)
  --push-host HOST the push listener's address (default 127.0.0.1)
  --push-cert FILE the push listener's certificate (PEM): with --push-key, it speaks HTTPS
  --push-key FILE  the certificate's private key (PEM)
  --subscribe-port PORT
                   (sidecar) the email subscribers' endpoint (config "subscribers"):
                   POST /api/subscriptions and its /confirm, /manage, /unsubscribe,
                   public by design behind a proxy that routes /api/subscriptions/ here;
                   standbys listen too, and only the writer sends the mails
  --subscribe-host HOST
                   the subscription listener's address (default 127.0.0.1)
  --standby        (sidecar) replicas sharing one state directory: while another probe
                   holds the writer lock, wait as a standby and take over when it stops,
                   rather than exit; a writer that loses the lock exits 1
  --lock-stale-after SECONDS
                   how long the writer lock goes untouched before it is taken over
                   (default 60; its holder touches it six times as often)
  --publish s3://BUCKET[/PREFIX]
                   after each cycle's local writes, upload every file under DIR that
                   changed to the bucket, with the headers --headers gives it; credentials,
                   region and endpoint (AWS_ENDPOINT_URL_S3) from the AWS SDK's usual chain
  --headers FILE   the response header rules, for --publish (default: headers.json)
  --precompress    also write FILE.gz and FILE.br beside every file worth compressing that
                   the probe writes under DIR, for static hosts that serve them (nginx
                   gzip_static); without it such siblings are removed

Environment: REGION overrides the config's region; each webhook's secret_env names
the variable holding its signing secret, each heartbeat's token_env its push token
and alerts.token_env the alerts' (read with --push-port); METRICS_PORT (as --metrics-port, which
wins) and METRICS_HOST; PRECOMPRESS=1 (as --precompress); LOG_LEVEL=quiet leaves
out the summary line of every cycle (changes and problems are still logged).
Only one probe writes per state directory: a second one (sidecar or --once) refuses
to start, naming the first. Exit status of --once: 0 the status was written,
whatever it says; 1 bad config, unknown region or bad usage; ${EXIT_NOT_PUBLISHED} nothing written
(the write failed, the connectivity check got no response, or another probe holds
the lock); ${EXIT_NOT_UPLOADED} written locally, but --publish could not upload every change
(tried again next run). The sidecar exits 1 when another probe holds the lock.`;

/** The command's flags; the deploy-recipe tests check the recipes against them. */
export const PROBE_OPTIONS = {
  once: { type: 'boolean', default: false },
  config: { type: 'string', default: 'data/components.json' },
  notices: { type: 'string', default: 'data/notices.json' },
  out: { type: 'string', default: 'public' },
  region: { type: 'string' },
  regions: { type: 'string', default: 'data/regions.json' },
  state: { type: 'string', default: DEFAULT_STATE_FILE },
  'standins-port': { type: 'string' },
  history: { type: 'string', default: DEFAULT_HISTORY_FILE },
  'metrics-port': { type: 'string' },
  'push-port': { type: 'string' },
  'push-host': { type: 'string', default: '127.0.0.1' },
  'push-cert': { type: 'string' },
  'push-key': { type: 'string' },
  'subscribe-port': { type: 'string' },
  'subscribe-host': { type: 'string', default: '127.0.0.1' },
  standby: { type: 'boolean', default: false },
  'lock-stale-after': { type: 'string' },
  publish: { type: 'string' },
  headers: { type: 'string', default: 'headers.json' },
  precompress: { type: 'boolean', default: false },
} satisfies OptionSpec;

export async function probe(args: string[]): Promise<void> {
  const parsed = parseOptions(args, PROBE_OPTIONS, PROBE_USAGE);
  if (!parsed) return;
  const { values } = parsed;
  const standinsPort = parseStandinsPort(values['standins-port']);
  const lockStaleMs = parseLockStaleAfter(values['lock-stale-after']);
  const log = createConsoleProbeLog(readEnv(LogLevelEnvSchema));
  const metricsEnv = readEnv(MetricsEnvSchema);
  const flag = values['metrics-port'];
  const metricsPort = chooseMetricsPort(typeof flag === 'string' ? flag : undefined, values.once ? {} : metricsEnv);
  if (!metricsPort.ok) throw new UsageError(metricsPort.reason);
  if (values.once && metricsPort.port !== undefined) {
    throw new UsageError('--metrics-port is for the sidecar: a --once run ends before anything could scrape it');
  }
  const pushPort = parsePushPort(values['push-port']);
  if (values.once && pushPort !== undefined) {
    throw new UsageError(
      '--push-port is for the sidecar: with --once, jobs record their pushes with service-directory heartbeat NAME',
    );
  }
  const subscribePort = parsePort(values['subscribe-port'], '--subscribe-port');
  if (values.once && subscribePort !== undefined) {
    throw new UsageError('--subscribe-port is for the sidecar: a --once run ends before anyone could sign up');
  }
  // prom-client is loaded only with a metrics port.
  const registry = metricsPort.port === undefined ? undefined : new (await import('prom-client')).Registry();
  const metrics =
    registry === undefined
      ? undefined
      : (await import('../../metrics/probe-metrics.js')).registerProbeMetrics({ registry });
  // The components file, read once: the settings, the subscriptions, the notices and the push listener get it.
  const loaded = await loadComponentsConfig(resolve(String(values.config)));
  const proberOptions = await loadProbeOptions({
    configFile: loaded.file,
    loaded,
    regionsFile: resolve(String(values.regions)),
    regionFlag: typeof values.region === 'string' ? values.region : undefined,
    standinsPort,
    publicDir: resolve(String(values.out)),
    notices: /^https?:\/\//i.test(String(values.notices)) ? String(values.notices) : resolve(String(values.notices)),
    stateFile: resolve(String(values.state)),
    historyFile: resolve(String(values.history)),
    publishTo: typeof values.publish === 'string' ? values.publish : undefined,
    headersFile: resolve(String(values.headers)),
    precompress: choosePrecompress(values.precompress === true, readEnv(PrecompressEnvSchema)),
    log,
    observePost: metrics?.observePost,
  });
  const sidecarOptions = { ...proberOptions, lockStaleMs };

  if (values.once) {
    const report = await probeOnce(sidecarOptions).catch((error: unknown) => {
      if (!(error instanceof ProbeLockedError)) throw error;
      log.error(error.message);
      return undefined;
    });
    if (report?.published !== true) process.exitCode = EXIT_NOT_PUBLISHED;
    else if (report.upload?.ok === false) process.exitCode = EXIT_NOT_UPLOADED;
    return;
  }
  // Writer and standby alike take pushes: they record them in the state directory replicas share.
  const push =
    pushPort === undefined
      ? undefined
      : await openPushListener({
          configFile: loaded.file,
          config: loaded.config,
          stateFile: resolve(String(values.state)),
          port: pushPort,
          host: String(values['push-host']),
          certFile: typeof values['push-cert'] === 'string' ? resolve(values['push-cert']) : undefined,
          keyFile: typeof values['push-key'] === 'string' ? resolve(values['push-key']) : undefined,
          log,
          observe: metrics?.observePush,
          alerts: {
            noticesFile: /^https?:\/\//i.test(String(values.notices)) ? undefined : resolve(String(values.notices)),
          },
        });
  const { mail } = sidecarOptions;
  if (subscribePort !== undefined && mail === undefined) {
    await push?.close();
    throw new UsageError(`--subscribe-port: ${String(values.config)} has no "subscribers" to sign up for`);
  }
  const subscribe =
    subscribePort === undefined ? undefined : await mail?.listen(subscribePort, String(values['subscribe-host']));
  if (subscribe !== undefined)
    log.info(`email sign-ups on ${subscribe.url}${new URL(mail?.settings.page.endpoint ?? 'http://x/').pathname}`);
  try {
    await runSidecar(
      sidecarOptions,
      values.standby === true,
      log,
      metricsPort.port === undefined || registry === undefined || metrics === undefined
        ? undefined
        : { registry, metrics, port: metricsPort.port, host: metricsEnv.METRICS_HOST ?? '127.0.0.1' },
    );
  } finally {
    await push?.close();
    await mail?.close();
  }
}

/** The sidecar until a signal (or the loss of the writer lock) stops it. */
async function runSidecar(
  sidecarOptions: Parameters<typeof startObservedSidecar>[0],
  standby: boolean,
  log: typeof CONSOLE_PROBE_LOG,
  observed: Parameters<typeof startObservedSidecar>[1],
): Promise<void> {
  const shutdown = new AbortController();
  const signalled = waitForSignal().then((signal) => {
    shutdown.abort();
    return signal;
  });
  const sidecar = await startObservedSidecar(
    sidecarOptions,
    observed,
    standby ? { signal: shutdown.signal } : undefined,
  );
  if (sidecar === undefined) {
    log.info(`${await signalled}: stopped while standing by`);
    return;
  }
  const ended = await Promise.race([signalled, sidecar.lost.then(() => 'lost' as const)]);
  log.info(ended === 'lost' ? 'writer lock lost: stopping' : `${ended}: stopping`);
  await sidecar.stop();
  log.info('stopped');
  // Under an orchestrator the restarted container stands by again.
  if (ended === 'lost') process.exitCode = 1;
}
