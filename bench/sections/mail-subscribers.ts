import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { LONG_RUNNING_NODE_FLAGS } from '../../src/cli/long-running-node-flags.js';
import { openSubscriberStore } from '../../src/mail-subscribers/subscriber-store.js';
import { incidentNotice } from '../../test/helpers/notices.js';
import type { BenchSite } from '../fixtures.js';
import { CLI } from '../process-tools.js';
import { REGIONS_FILE } from './probe-cycle.js';

/** The sender's peak resident memory this section aims under. */
export const MAIL_PEAK_TARGET_MB = 150;

export interface MailRun {
  readonly subscribers: number;
  /** From the probe's start to the relay's last mail. */
  readonly toLastMailMs: number;
  /** From the relay's first mail to its last. */
  readonly sendingMs: number;
  readonly mailsPerSecond: number;
  /** The probe process's peak resident memory (VmHWM). */
  readonly peakMb: number;
}

async function peakResidentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN) / 1024;
}

/**
 * `count` confirmed subscribers of one component and a notice naming it,
 * mailed by a real probe sidecar (the compiled CLI, as the recipes run it)
 * through a loopback SMTP server (`smtp-server`) that counts what it takes:
 * the time to the last mail, the mails a second, and the probe's peak memory.
 */
export async function measureMailSubscribers(site: BenchSite, count: number): Promise<MailRun> {
  const root = join(site.root, 'mail');
  const times: number[] = [];
  const relay = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    closeTimeout: 100,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        times.push(performance.now());
        callback();
      });
    },
  });
  relay.on('error', () => {});
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const component = createServer((_request, response) => response.end('ok'));
  await new Promise<void>((resolve) => component.listen(0, '127.0.0.1', resolve));
  const smtpPort = (relay.server.address() as AddressInfo).port;
  const componentPort = (component.address() as AddressInfo).port;
  await mkdir(join(root, '.state'), { recursive: true });
  await writeFile(
    join(root, 'components.json'),
    JSON.stringify({
      region: 'ams1',
      public_url: 'https://status.example.com',
      components: [{ name: 'Registry', url: `http://127.0.0.1:${componentPort}/health` }],
      subscribers: {
        endpoint: 'https://status.example.com/api/subscriptions',
        from: 'Platform status <status@example.com>',
        smtp_url_env: 'SMTP_URL',
        secret_env: 'SUBSCRIBERS_SECRET',
        max_per_second: 10_000,
      },
    }),
  );
  await writeFile(join(root, 'notices.json'), JSON.stringify([incidentNotice({ components: ['Registry'] })]));
  const store = openSubscriberStore(join(root, '.state', 'subscribers.sqlite'));
  const choice = { components: ['Registry'], language: 'en', timeZone: 'Europe/Berlin' } as const;
  for (let index = 0; index < count; index += 1) store.importConfirmed(`user${index}@example.org`, choice, Date.now());
  store.close();

  const startedMs = performance.now();
  const probe = spawn(
    process.execPath,
    [
      ...LONG_RUNNING_NODE_FLAGS,
      CLI,
      'probe',
      '--config',
      'components.json',
      '--notices',
      'notices.json',
      '--regions',
      REGIONS_FILE,
      '--out',
      join(root, 'public'),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        REGION: '',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        SUBSCRIBERS_SECRET: 'bench-secret-0123456789abcdef',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  let peakMb = 0;
  try {
    const deadlineMs = startedMs + 300_000;
    while (times.length < count && performance.now() < deadlineMs && probe.exitCode === null) {
      peakMb = Math.max(peakMb, await peakResidentMb(probe.pid ?? 0));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    peakMb = Math.max(peakMb, await peakResidentMb(probe.pid ?? 0));
  } finally {
    probe.kill('SIGTERM');
    await new Promise((resolve) => probe.once('close', resolve));
    await new Promise<void>((resolve) => relay.close(() => resolve()));
    await new Promise((resolve) => component.close(resolve));
  }
  const first = times[0] ?? Number.NaN;
  const last = times.at(-1) ?? Number.NaN;
  if (times.length < count) throw new Error(`the relay got ${times.length} of ${count} mails`);
  return {
    subscribers: count,
    toLastMailMs: last - startedMs,
    sendingMs: last - first,
    mailsPerSecond: (count - 1) / ((last - first) / 1000),
    peakMb,
  };
}

/** The section's table: 10,000 subscribers (1,000 with `quick`). */
export async function reportMailSubscribers(
  site: BenchSite,
  quick: boolean,
  out: (line?: string) => void,
): Promise<void> {
  const run = await measureMailSubscribers(site, quick ? 1_000 : 10_000);
  const fmt = (value: number, digits = 0) =>
    value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  out('## Email subscribers: a notice to every subscriber of one component');
  out();
  out('A probe sidecar (the compiled CLI), a notice naming the component, a loopback SMTP relay (`smtp-server`).');
  out();
  out('| subscribers | start to last mail | first to last mail | mails/s | sender peak resident | target |');
  out('|---|---|---|---|---|---|');
  out(
    `| ${fmt(run.subscribers)} | ${fmt(run.toLastMailMs / 1000, 1)} s | ${fmt(run.sendingMs / 1000, 1)} s | ${fmt(run.mailsPerSecond)} | ${fmt(run.peakMb, 1)} MB | ≤ ${MAIL_PEAK_TARGET_MB} MB: ${run.peakMb <= MAIL_PEAK_TARGET_MB ? 'met' : '**missed**'} |`,
  );
  out();
}
