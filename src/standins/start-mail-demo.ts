import { randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { writeAtomically } from '../io/write-atomically.js';
import type { SubscribersConfig } from '../schemas/subscribers-config.js';
import { withDemoSubscribers } from './demo-subscribers.js';
import type { MailStandin } from './start-mail-standin.js';

/** The config `start` runs with when it adds the demo's subscribers: in the state directory, never under public/. */
export const START_CONFIG_FILE_NAME = 'start-components.json';

/**
 * The origin the local page is reached at, `http://127.0.0.1:3000`, for
 * the demo's endpoint: the address `HOST` names, loopback for a wildcard;
 * `undefined` for any other address, where plain http may not carry
 * sign-ups. Pure.
 */
export function localOriginOf(host: string, port: number): string | undefined {
  const bare = host.replace(/^\[|\]$/g, '');
  if (bare === '0.0.0.0' || bare === '::' || bare === '') return `http://127.0.0.1:${port}`;
  if (bare === 'localhost' || /^127\./.test(bare)) return `http://${bare}:${port}`;
  return bare === '::1' ? `http://[::1]:${port}` : undefined;
}

/** A port free on `host` now, for a server told to pick one (`PORT=0`) whose origin must be known before it listens. */
export async function reservePort(host: string): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, host, resolve);
  });
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error(`no port free on ${host}`);
  return address.port;
}

/**
 * Writes the given config with the demo's `subscribers` (`withDemoSubscribers`)
 * beside the state file, and returns that file: the build and the probe read
 * it, so the page learns the endpoint as it would from a real config.
 */
export async function writeDemoConfig(configFile: string, stateFile: string, origin: string): Promise<string> {
  const config = JSON.parse(await readFile(configFile, 'utf8')) as Record<string, unknown>;
  const file = join(dirname(stateFile), START_CONFIG_FILE_NAME);
  await mkdir(dirname(file), { recursive: true });
  await writeAtomically(file, `${JSON.stringify(withDemoSubscribers(config, origin), null, 2)}\n`);
  return file;
}

export interface MailDemoOptions {
  readonly subscribers: Pick<SubscribersConfig, 'smtp_url_env' | 'secret_env' | 'endpoint'>;
  /** The mail stand-in's page port (0: a free one). */
  readonly pagePort: number;
  readonly env: NodeJS.ProcessEnv;
  readonly log: (line: string) => void;
}

export interface MailDemo {
  /** The probe's environment: the relay and the secret filled in unless set. */
  readonly env: NodeJS.ProcessEnv;
  readonly standin: MailStandin;
  /** What the start banner says about the mails. */
  readonly lines: readonly string[];
  close(): Promise<void>;
}

/**
 * `npm start`'s mail: the mail stand-in, the relay unless the config's
 * `smtp_url_env` is set (then mails go to that relay, named by host only),
 * and a fresh secret each run unless `secret_env` is set (the links of an
 * earlier run's mails then no longer work).
 */
export async function startMailDemo(options: MailDemoOptions): Promise<MailDemo> {
  const { subscribers } = options;
  // smtp-server and mailparser are loaded only when start runs the stand-in.
  const { startMailStandin } = await import('./start-mail-standin.js');
  const standin = await startMailStandin({ pagePort: options.pagePort, log: options.log });
  const relay = options.env[subscribers.smtp_url_env];
  const ownRelay = relay !== undefined && relay !== '';
  const relayHost = ownRelay && URL.canParse(relay) ? new URL(relay).host : 'the relay';
  return {
    env: {
      ...options.env,
      [subscribers.smtp_url_env]: ownRelay ? relay : standin.smtpUrl,
      [subscribers.secret_env]: options.env[subscribers.secret_env] || randomBytes(24).toString('hex'),
    },
    standin,
    lines: [
      ownRelay
        ? `subscribers' mails go to ${relayHost} (${subscribers.smtp_url_env}), not to the mail stand-in`
        : `subscribers' mails go to the mail stand-in (a local SMTP server that relays nothing): ${standin.pageUrl}`,
      `sign up on the page, or: curl -d email=you@example.com ${subscribers.endpoint}`,
    ],
    close: () => standin.close(),
  };
}
