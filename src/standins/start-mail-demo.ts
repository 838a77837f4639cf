import { randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeAtomically } from '../io/write-atomically.js';
import { SubscribersConfigSchema } from '../schemas/subscribers-config.js';
import { withDemoSubscribers } from './demo-subscribers.js';
import { type MailStandin, startMailStandin } from './start-mail-standin.js';

/** The config `start` runs with when it adds the demo's subscribers: in the state directory, never under public/. */
export const START_CONFIG_FILE_NAME = 'start-components.json';

export interface MailDemoOptions {
  /** The components config as given (already validated). */
  readonly configFile: string;
  /** The probe's state file: the derived config goes beside it. */
  readonly stateFile: string;
  /** The local page's origin, `http://127.0.0.1:3000`. */
  readonly origin: string;
  /** The mail stand-in's page port (0: a free one). */
  readonly pagePort: number;
  readonly env: NodeJS.ProcessEnv;
  readonly log: (line: string) => void;
}

export interface MailDemo {
  /** The config the build and the probe read: the given one, or it with the demo's `subscribers`. */
  readonly configFile: string;
  /** The probe's environment: the relay and the secret filled in unless set. */
  readonly env: NodeJS.ProcessEnv;
  readonly standin: MailStandin;
  /** What the start banner says about the mails. */
  readonly lines: readonly string[];
  close(): Promise<void>;
}

/**
 * `npm start`'s mail: the mail stand-in, and, for a config without
 * `subscribers`, the demo's (`withDemoSubscribers`) written beside the state
 * file. The relay is the stand-in unless the config's `smtp_url_env` is set
 * (then mails go to that relay, named by host only); the secret a fresh one
 * each run unless set (the links of an earlier run's mails then no longer work).
 */
export async function startMailDemo(options: MailDemoOptions): Promise<MailDemo> {
  const standin = await startMailStandin({ pagePort: options.pagePort, log: options.log });
  try {
    const config = JSON.parse(await readFile(options.configFile, 'utf8')) as Record<string, unknown>;
    const added = config.subscribers === undefined;
    const configFile = added ? join(dirname(options.stateFile), START_CONFIG_FILE_NAME) : options.configFile;
    const effective = added ? withDemoSubscribers(config, options.origin) : config;
    if (added) {
      await mkdir(dirname(configFile), { recursive: true });
      await writeAtomically(configFile, `${JSON.stringify(effective, null, 2)}\n`);
    }
    const subscribers = SubscribersConfigSchema.parse(effective.subscribers);
    const relay = options.env[subscribers.smtp_url_env];
    const ownRelay = relay !== undefined && relay !== '';
    const env = {
      ...options.env,
      [subscribers.smtp_url_env]: ownRelay ? relay : standin.smtpUrl,
      [subscribers.secret_env]: options.env[subscribers.secret_env] || randomBytes(24).toString('hex'),
    };
    const relayHost = ownRelay && URL.canParse(relay) ? new URL(relay).host : 'the relay';
    return {
      configFile,
      env,
      standin,
      lines: [
        ownRelay
          ? `subscribers' mails go to ${relayHost} (${subscribers.smtp_url_env}), not to the mail stand-in`
          : `subscribers' mails go to the mail stand-in (a local SMTP server that relays nothing): ${standin.pageUrl}`,
        `sign up on the page, or: curl -d email=you@example.com ${subscribers.endpoint}`,
      ],
      close: () => standin.close(),
    };
  } catch (error) {
    await standin.close();
    throw error;
  }
}
