import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { choosePrecompress, PrecompressEnvSchema } from '../../compression/precompress-env.js';
import type { PushListener } from '../../heartbeats/push-listener.js';
import { DEFAULT_HISTORY_FILE } from '../../history/history-recorder.js';
import { readEnv } from '../../io/read-env.js';
import { createConsoleProbeLog, LogLevelEnvSchema } from '../../log/probe-log.js';
import type { MailSubscribers } from '../../mail-subscribers/mail-subscribers.js';
import { chooseMetricsPort, MetricsEnvSchema } from '../../metrics/metrics-env.js';
import { loadProbeOptions } from '../../probe-process/load-probe-options.js';
import { openPushListener } from '../../probe-process/open-push-listener.js';
import { checkProberLocations, DEFAULT_STATE_FILE } from '../../probe-process/probe-state-file.js';
import { startObservedSidecar } from '../../probe-process/start-observed-sidecar.js';
import type { Sidecar } from '../../probe-process/start-sidecar.js';
import { groupsOf } from '../../schemas/component-groups.js';
import { ServerEnvSchema } from '../../server/server-env.js';
import { staleAfterForSchedule } from '../../server/stale-after.js';
import { type RunningServer, startServer } from '../../server/start-server.js';
import { loadComponentsConfig } from '../../settings/load-components-config.js';
import { buildSite } from '../../site/build-site.js';
import { prepareStartSite } from '../../standins/prepare-start-site.js';
import { type MailDemo, startMailDemo } from '../../standins/start-mail-demo.js';
import {
  DEFAULT_STANDIN_BASE_PORT,
  describeStandinPlatform,
  type StandinPlatform,
  startStandinPlatform,
} from '../../standins/start-standin-platform.js';
import { explainPortInUse } from '../explain-port-in-use.js';
import { parseOptions } from '../parse-options.js';
import { parsePushPort } from '../parse-push-port.js';
import { parseStandinsPort } from '../parse-standins-port.js';
import { UsageError } from '../run-command.js';
import { waitForSignal } from '../wait-for-signal.js';
import { START_USAGE } from './start-usage.js';

export async function start(args: string[]): Promise<void> {
  const parsed = parseOptions(
    args,
    {
      config: { type: 'string', default: 'data/components.json' },
      data: { type: 'string', default: 'data/regions.json' },
      notices: { type: 'string', default: 'data/notices.json' },
      public: { type: 'string', default: 'public' },
      headers: { type: 'string', default: 'headers.json' },
      state: { type: 'string', default: DEFAULT_STATE_FILE },
      history: { type: 'string', default: DEFAULT_HISTORY_FILE },
      'standins-port': { type: 'string', default: String(DEFAULT_STANDIN_BASE_PORT) },
      'without-standins': { type: 'boolean', default: false },
      precompress: { type: 'boolean', default: false },
      'push-port': { type: 'string' },
      'metrics-port': { type: 'string' },
    },
    START_USAGE,
  );
  if (!parsed) return;
  const { values } = parsed;
  const pushPort = parsePushPort(values['push-port']);
  const log = createConsoleProbeLog(readEnv(LogLevelEnvSchema));
  const metricsEnv = readEnv(MetricsEnvSchema);
  const metricsFlag = values['metrics-port'];
  const metricsPort = chooseMetricsPort(typeof metricsFlag === 'string' ? metricsFlag : undefined, metricsEnv);
  if (!metricsPort.ok) throw new UsageError(metricsPort.reason);
  // One registry for the server's metrics and the probe's, served on one listener; prom-client only with a port.
  const registry = metricsPort.port === undefined ? undefined : new (await import('prom-client')).Registry();
  const probeMetrics =
    registry === undefined
      ? undefined
      : (await import('../../metrics/probe-metrics.js')).registerProbeMetrics({ registry });
  const standinsPort = parseStandinsPort(values['standins-port']) ?? DEFAULT_STANDIN_BASE_PORT;
  const withStandins = !values['without-standins'];
  const env = readEnv(ServerEnvSchema);
  const precompress = choosePrecompress(values.precompress === true, readEnv(PrecompressEnvSchema));
  const regionsFile = resolve(String(values.data));

  // Everything that can be wrong with the inputs is found before anything listens.
  const configFile = resolve(String(values.config));
  const stateFile = resolve(String(values.state));
  // Read once for the probe's parts: its settings, its subscriptions, its notices' first read, the push listener.
  const given = await loadComponentsConfig(configFile);
  // The probe's memory stays out of the directory given, which the stand-ins' run copies.
  checkProberLocations(resolve(String(values.public)), stateFile, resolve(String(values.history)));
  const site = await prepareStartSite({
    withStandins,
    configFile,
    given,
    stateFile,
    publicDir: resolve(String(values.public)),
    host: env.HOST,
    port: env.PORT,
  });
  for (const line of site.lines) console.log(`start: ${line}`);
  const { publicDir, configFile: probeConfigFile, loaded, serverPort } = site;
  const { subscribers } = loaded.config;
  const built = await buildSite({
    regionsFile,
    publicDir,
    headersFile: resolve(String(values.headers)),
    noticesFile: resolve(String(values.notices)),
    componentsFile: probeConfigFile,
    precompress,
  });
  console.log(`start: built ${built.regionsFile} (${built.regionCount} regions)`);
  let subscribeUrl: string | undefined;
  let platform: StandinPlatform | undefined;
  let server: RunningServer | undefined;
  let sidecar: Sidecar | undefined;
  let push: PushListener | undefined;
  let mailDemo: MailDemo | undefined;
  let mail: MailSubscribers | undefined;
  try {
    if (withStandins) {
      platform = await startStandinPlatform({
        basePort: standinsPort,
        log: (line) => console.log(`standins: ${line}`),
      }).catch((error: unknown) => {
        throw explainPortInUse(error, 'pick other stand-in ports with --standins-port BASE');
      });
      for (const line of describeStandinPlatform(platform)) console.log(`standins: ${line}`);
    }
    server = await startServer({
      publicDir,
      headersFile: resolve(String(values.headers)),
      port: serverPort,
      host: env.HOST,
      fallbackStaleAfterMs: staleAfterForSchedule(given.config.schedule),
      formEndpoint: subscribers?.endpoint,
      // The page's form posts to its own origin: this server passes the endpoint's path to the probe's listener.
      ...(subscribers === undefined
        ? {}
        : {
            proxy: { prefix: new URL(subscribers.endpoint).pathname.replace(/\/+$/, ''), target: () => subscribeUrl },
          }),
      ...(registry === undefined ? {} : { metrics: { registry, groups: groupsOf(given.config.components) } }),
    }).catch((error: unknown) => {
      throw explainPortInUse(error, 'serve on another port with PORT=3001 npm start');
    });
    console.log(`start: the status page is at ${server.url}/ (API: ${server.url}/api/v1/status, /api/v1/regions)`);
    if (withStandins && subscribers !== undefined) {
      mailDemo = await startMailDemo({
        subscribers,
        pagePort: standinsPort + 5 <= 65_535 ? standinsPort + 5 : 0,
        env: process.env,
        log: (line) => console.log(`mail stand-in: ${line}`),
      }).catch((error: unknown) => {
        throw explainPortInUse(error, 'pick other stand-in ports with --standins-port BASE');
      });
      for (const line of mailDemo.lines) console.log(`start: ${line}`);
    }
    const sidecarOptions = await loadProbeOptions({
      configFile: probeConfigFile,
      loaded,
      regionsFile,
      standinsPort: withStandins ? standinsPort : undefined,
      publicDir,
      notices: resolve(String(values.notices)),
      stateFile,
      historyFile: resolve(String(values.history)),
      precompress,
      log,
      env: mailDemo?.env ?? process.env,
      observePost: probeMetrics?.observePost,
    });
    mail = sidecarOptions.mail;
    if (mail !== undefined) subscribeUrl = (await mail.listen(0, '127.0.0.1')).url;
    if (withStandins) {
      await rm(stateFile, { force: true });
      console.log('start: the stand-ins start healthy, so the probe starts from fresh memory');
    }
    if (pushPort !== undefined) {
      push = await openPushListener({
        configFile,
        config: given.config,
        stateFile,
        port: pushPort,
        host: '127.0.0.1',
        log,
        observe: probeMetrics?.observePush,
      });
    }
    sidecar = await startObservedSidecar(
      sidecarOptions,
      registry === undefined || probeMetrics === undefined || metricsPort.port === undefined
        ? undefined
        : {
            registry,
            metrics: probeMetrics,
            port: metricsPort.port,
            host: metricsEnv.METRICS_HOST ?? '127.0.0.1',
          },
    );
    const signal = await waitForSignal();
    console.log(`start: ${signal}, stopping the probe, the server${withStandins ? ' and the stand-ins' : ''}`);
  } finally {
    await sidecar?.stop();
    await mail?.close();
    await push?.close();
    await server?.close();
    await mailDemo?.close();
    await platform?.close();
  }
  console.log('start: stopped');
}
