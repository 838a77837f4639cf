import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SMTP_CONCURRENCY } from '../../../src/mail-subscribers/mail-transport.js';
import { subscribersConfig, subscribersEnv } from '../../helpers/mail-subscribers.js';
import { incidentNotice } from '../../helpers/notices.js';
import { runCli, startCli } from '../../helpers/run-cli.js';
import { type SmtpSink, startSmtpSink } from '../../helpers/smtp-sink.js';
import { snapshotTree } from '../../helpers/temp-site.js';
import { waitFor } from '../../helpers/test-server.js';
import { useCliSite } from '../../helpers/use-cli-site.js';

const cli = useCliSite();
const SUBSCRIBERS = 40;
let sink: SmtpSink;
let component: Server;

beforeEach(async () => {
  // Each mail is held 100 ms by the relay: the sender is caught mid-batch.
  sink = await startSmtpSink({ delayMs: 100 });
  component = createServer((_request, response) => response.end('ok'));
  await new Promise<void>((resolve) => component.listen(0, '127.0.0.1', resolve));
});

afterEach(async () => {
  await sink.close();
  await new Promise((resolve) => component.close(resolve));
});

describe('one sender of the outbox', () => {
  it('resumes after the writer is killed mid-batch: no address gets the notice twice but the mails in flight', async () => {
    const root = cli.site.root;
    const { port } = component.address() as AddressInfo;
    const config = subscribersConfig({ max_per_second: 20 });
    await writeFile(
      join(root, 'components.json'),
      JSON.stringify({
        ...config,
        region: 'ams1',
        schedule: '* * * * * *',
        components: [{ name: 'Scheduler', url: `http://127.0.0.1:${port}/healthz` }],
      }),
    );
    const env = { ...subscribersEnv(sink.url), REGION: '' };
    const addresses = Array.from({ length: SUBSCRIBERS }, (_, index) => `user${index}@example.org`);
    await writeFile(join(root, 'list.csv'), `email\n${addresses.join('\n')}\n`);
    const imported = await runCli(['subscribers', 'import', 'list.csv', '--confirmed', '--config', 'components.json'], {
      cwd: root,
      env,
    });
    expect(imported.stderr).toBe('');
    expect(imported.stdout).toContain(`imported ${SUBSCRIBERS} new`);
    await writeFile(join(root, 'notices.json'), JSON.stringify([incidentNotice({ components: [] })]));

    const probe = () => {
      const args = ['probe', '--config', 'components.json', '--notices', 'notices.json', '--metrics-port', '0'];
      const child = startCli(args, { cwd: root, env });
      cli.children.push(child);
      return child;
    };
    const first = probe();
    await waitFor(async () => sink.mails.length >= 8, 20_000);
    first.child.kill('SIGKILL');
    await first.exited();
    const atKill = sink.mails.length;
    expect(atKill).toBeLessThan(SUBSCRIBERS);

    const second = probe();
    const received = () => new Set(sink.mails.flatMap((mail) => mail.to));
    await waitFor(async () => received().size === SUBSCRIBERS, 20_000);
    // Two more cycles of the new writer: time for a duplicate to show.
    const writes = () => second.output().match(/wrote .*status/g)?.length ?? 0;
    const target = writes() + 2;
    await waitFor(async () => writes() >= target, 20_000);
    expect(second.output()).not.toMatch(/user\d+@example\.org/);

    const perAddress = new Map<string, number>();
    for (const address of sink.mails.flatMap((mail) => mail.to))
      perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
    const twice = [...perAddress.values()].filter((count) => count > 1);
    expect(twice.every((count) => count === 2)).toBe(true);
    expect(twice.length).toBeLessThanOrEqual(SMTP_CONCURRENCY);
    expect(sink.mails.every((mail) => mail.parsed.subject === '[Platform status] Incident: Slow builds')).toBe(true);

    const metricsUrl = (await second.waitForOutput(/metrics on (http:\S+)/))[1];
    const metrics = await (await fetch(`${metricsUrl}`)).text();
    // What the new writer sent: the rest, less what the killed one had in flight when it died.
    const sent = Number(/^service_directory_mail_sent_total (\d+)$/m.exec(metrics)?.[1]);
    expect(sent).toBeGreaterThanOrEqual(SUBSCRIBERS - atKill - SMTP_CONCURRENCY);
    expect(sent).toBeLessThanOrEqual(sink.mails.length - atKill);
    expect(metrics).toMatch(/^service_directory_mail_queued 0$/m);
    expect(metrics).toMatch(/^service_directory_mail_oldest_queued_age_seconds 0$/m);
    expect(metrics).not.toMatch(/example\.org/);
    const published = await snapshotTree(join(root, 'public'));
    const leaked = Object.entries(published).filter(([, bytes]) =>
      Buffer.from(bytes, 'base64').includes('@example.org'),
    );
    expect(leaked).toEqual([]);
  });
});
