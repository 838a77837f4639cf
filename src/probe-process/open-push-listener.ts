import { readFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { dirname } from 'node:path';
import { ALERTS_PATH_PREFIX, createAlertsRoute } from '../alerts/alerts-route.js';
import { createAlertReceiver } from '../alerts/receive-alert-group.js';
import { describeIoError } from '../errors/describe-error.js';
import { InputError } from '../errors/input-error.js';
import { heartbeatFileOf } from '../heartbeats/heartbeat-files.js';
import { type PushListener, type PushOutcome, startPushListener } from '../heartbeats/push-listener.js';
import { MIN_TOKEN_CHARS, readPushTargets } from '../heartbeats/push-targets.js';
import { displayPath } from '../io/display-path.js';
import { readDocument } from '../io/read-document.js';
import { removeStaleTempFiles } from '../io/remove-stale-temp-files.js';
import type { ProbeLog } from '../log/probe-log.js';
import { type ComponentsConfig, ComponentsConfigSchema } from '../schemas/components-config.js';

export interface OpenPushListenerInput {
  /** `data/components.json`: its heartbeat components, and the variables holding their tokens. */
  readonly configFile: string;
  /** The probe's state file: pushes are recorded beside it, under `heartbeats/`. */
  readonly stateFile: string;
  readonly port: number;
  readonly host: string;
  /** `--push-cert` and `--push-key`, PEM files: both for HTTPS, neither for plain HTTP. */
  readonly certFile?: string | undefined;
  readonly keyFile?: string | undefined;
  readonly log: ProbeLog;
  readonly env?: NodeJS.ProcessEnv | undefined;
  readonly observe?: ((outcome: PushOutcome) => void) | undefined;
  /** `configFile` as the process read it already; read here unless given. */
  readonly config?: ComponentsConfig | undefined;
  /**
   * The notices file alert notifications edit, for a config with `alerts`
   * (`undefined` when the probe reads the notices from a URL); the probe
   * publishes what they write with its next cycle.
   */
  readonly alerts?: { readonly noticesFile: string | undefined };
}

/** Addresses no other host reaches: a token sent to one never crosses a network. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
}

/**
 * The sidecar's push listener (`probe --push-port`), for writer and standby
 * alike: every replica records the pushes it receives in the state
 * directory they share. Reads the config's heartbeat components and their
 * tokens, and the certificate and key for HTTPS; a listener on an address
 * other hosts reach without them is started, with a warning that the
 * tokens cross the network in clear unless a TLS proxy is in front. Throws
 * `InputError` for a config without heartbeat components or `alerts`, a
 * token unset, or a certificate or key missing, before anything listens.
 * With `alerts`, the listener answers Alertmanager's and Grafana's webhooks
 * too (`createAlertsRoute`).
 */
export async function openPushListener(input: OpenPushListenerInput): Promise<PushListener> {
  const { log } = input;
  const config = input.config ?? (await readDocument(input.configFile, ComponentsConfigSchema));
  const env = input.env ?? process.env;
  const targets = readPushTargets(config, displayPath(input.configFile), env);
  const alertsRoute = openAlertsRoute(input, config, env);
  if (targets.length === 0 && alertsRoute === undefined) {
    throw new InputError('--push-port', [
      { path: '', reason: `${displayPath(input.configFile)} has no heartbeat component to push to, and no "alerts"` },
    ]);
  }
  if ((input.certFile === undefined) !== (input.keyFile === undefined)) {
    throw new InputError(input.certFile === undefined ? '--push-cert' : '--push-key', [
      { path: '', reason: 'HTTPS needs both --push-cert and --push-key' },
    ]);
  }
  const tls =
    input.certFile === undefined || input.keyFile === undefined
      ? undefined
      : { cert: await readPem(input.certFile, '--push-cert'), key: await readPem(input.keyFile, '--push-key') };
  const stateDir = dirname(input.stateFile);
  for (const { slug } of targets) await removeStaleTempFiles(heartbeatFileOf(stateDir, slug));
  const listener = await startPushListener({
    targets,
    stateDir,
    port: input.port,
    host: input.host,
    tls,
    log,
    observe: input.observe,
    routes: alertsRoute === undefined ? [] : [alertsRoute],
  });
  if (targets.length > 0)
    log.info(`heartbeat pushes on ${listener.url}SLUG (${targets.map(({ slug }) => slug).join(', ')})`);
  if (alertsRoute !== undefined)
    log.info(`alerts on ${listener.origin}${ALERTS_PATH_PREFIX}alertmanager and ${ALERTS_PATH_PREFIX}grafana`);
  if (tls === undefined && !isLoopback(input.host)) {
    log.error(
      `heartbeat pushes are plain HTTP on ${input.host}: their tokens cross the network in clear; ` +
        'give --push-cert and --push-key, or put a TLS proxy in front and listen on 127.0.0.1',
    );
  }
  return listener;
}

/**
 * The alerts' receiver for a config with `alerts`, its token read from the
 * variable `token_env` names; `undefined` without `alerts`. Throws
 * `InputError` for the variable unset, empty or shorter than
 * `MIN_TOKEN_CHARS`, or for notices read from a URL, which no alert can edit.
 */
function openAlertsRoute(input: OpenPushListenerInput, config: ComponentsConfig, env: NodeJS.ProcessEnv) {
  if (config.alerts === undefined) return undefined;
  const { token_env: tokenEnv } = config.alerts;
  const token = env[tokenEnv] ?? '';
  const whose = `the alerts' bearer token ("alerts" in ${displayPath(input.configFile)})`;
  if (token === '') throw new InputError('environment', [{ path: tokenEnv, reason: `is required: ${whose}` }]);
  if ([...token].length < MIN_TOKEN_CHARS) {
    throw new InputError('environment', [
      {
        path: tokenEnv,
        reason: `is shorter than ${MIN_TOKEN_CHARS} characters: ${whose} must not be guessable (openssl rand -hex 32 makes one)`,
      },
    ]);
  }
  const noticesFile = input.alerts?.noticesFile;
  if (input.alerts === undefined || noticesFile === undefined) {
    throw new InputError('--notices', [
      { path: '', reason: 'alerts edit the notices file: give a file, not a URL, to a probe with "alerts"' },
    ]);
  }
  const receive = createAlertReceiver({
    noticesFile,
    componentsFile: input.configFile,
    log: input.log,
  });
  return createAlertsRoute({ token, receive, log: input.log });
}

async function readPem(file: string, flag: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new InputError(flag, [{ path: '', reason: `${displayPath(file)}: ${describeIoError(error)}` }], {
      cause: error,
    });
  }
}
