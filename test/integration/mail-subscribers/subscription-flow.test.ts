import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ComponentOutcome } from '../../../src/cycle/decide-component.js';
import { bounceTokenOf } from '../../../src/mail-subscribers/bounce-token.js';
import { mailSettingsOf } from '../../../src/mail-subscribers/load-mail-settings.js';
import { createMailSubscribers, type MailSubscribers } from '../../../src/mail-subscribers/mail-subscribers.js';
import {
  SUBSCRIPTION_LISTENER_LIMITS,
  type SubscriptionListener,
} from '../../../src/mail-subscribers/subscription-listener.js';
import { closeAll, openIdleConnections } from '../../helpers/idle-connections.js';
import { parsedSubscribersConfig, subscribersEnv, TEST_SECRET, tokenIn } from '../../helpers/mail-subscribers.js';
import { incidentNotice } from '../../helpers/notices.js';
import { rawHeader, type SmtpSink, startSmtpSink } from '../../helpers/smtp-sink.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';

const tempDir = tempDirsPerTest({ prefix: 'mail-flow-' });
const quiet = { info: () => {}, error: (line: string) => console.error(line) };

let sink: SmtpSink;
let mail: MailSubscribers;
let listener: SubscriptionListener;
let nowMs: number;
let dir: string;

beforeEach(async () => {
  sink = await startSmtpSink();
  dir = await tempDir();
  nowMs = Date.parse('2026-11-27T12:00:00Z');
  const settings = mailSettingsOf(parsedSubscribersConfig(), subscribersEnv(sink.url));
  if (settings === undefined) throw new Error('no settings');
  mail = createMailSubscribers({ settings, stateDir: dir, log: quiet, now: () => nowMs, sending: { pollMs: 20 } });
  mail.sender.start();
  listener = await mail.listen(0, '127.0.0.1');
});

afterEach(async () => {
  await mail.close();
  await sink.close();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${listener.url}/api/subscriptions${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const components = (names: readonly string[], published: ComponentOutcome['published'] = 'operational') =>
  names.map((name) => ({
    name,
    underMaintenance: false,
    memory: { name, published, observed: published, pending: null },
  }));

/** Signs `email` up and confirms it through the link of its mail; returns the mail count after. */
async function subscribe(email: string, chosen: string[] = []): Promise<void> {
  const before = sink.mails.length;
  expect((await post('', { email, components: chosen, language: 'en', time_zone: 'Europe/Berlin' })).status).toBe(202);
  const confirmation = await sink.waitForMailTo(email, before);
  const token = tokenIn(confirmation.parsed.text ?? '', '/subscriptions/confirm');
  expect((await post('/confirm', { token })).status).toBe(200);
}

describe('the subscription endpoint with a real SMTP relay', () => {
  it('answers a new, a pending and a confirmed address with the same bytes', async () => {
    const bodies: string[] = [];
    const answer = async (email: string) => {
      const response = await post('', { email });
      expect(response.status).toBe(202);
      bodies.push(await response.text());
    };
    await answer('new@example.org');
    await answer('new@example.org');
    await subscribe('old@example.org');
    await answer('old@example.org');
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]).not.toMatch(/example\.org/);
  });

  it('mails nothing but the confirmation before the address is confirmed', async () => {
    await post('', { email: 'pending@example.org', components: ['Build Service'] });
    await sink.waitForMails(1);
    mail.queueCycle({ components: components(['Build Service']), notices: [incidentNotice()] });
    nowMs += 1_000;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.mails.map((each) => each.parsed.subject)).toEqual(['Confirm your email updates from Platform status']);
  });

  it('refuses the seventh sign-up of a client within a minute with 429 and Retry-After', async () => {
    for (let index = 0; index < 6; index += 1)
      expect((await post('', { email: `n${index}@example.org` })).status).toBe(202);
    const refused = await post('', { email: 'n7@example.org' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    nowMs += 60_000;
    expect((await post('', { email: 'n8@example.org' })).status).toBe(202);
  });

  it('refuses an expired confirmation link with 410, and a link voided by a later sign-up', async () => {
    await post('', { email: 'late@example.org' });
    const [first] = await sink.waitForMails(1);
    const voided = tokenIn(first?.parsed.text ?? '', '/subscriptions/confirm');
    await post('', { email: 'late@example.org' });
    const [, second] = await sink.waitForMails(2);
    const latest = tokenIn(second?.parsed.text ?? '', '/subscriptions/confirm');
    const refusedVoided = await post('/confirm', { token: voided });
    expect(refusedVoided.status).toBe(410);
    nowMs += 24 * 3_600_000 + 1;
    expect((await post('/confirm', { token: latest })).status).toBe(410);
    expect((await post('/confirm', { token: `${latest.slice(0, -2)}xx` })).status).toBe(400);
    expect(mail.store.counts().confirmed).toBe(0);
  });

  it('mails a notice naming one component to its subscribers and the whole page’s only, with RFC 8058 headers', async () => {
    await subscribe('builds@example.org', ['Build Service']);
    await subscribe('all@example.org');
    await subscribe('registry@example.org', ['Registry']);
    const before = sink.mails.length;
    const notice = incidentNotice({
      updates: [{ at: '2026-11-27T11:00:00Z', state: 'identified', text: '<b>A disk</b> is full.' }],
    });
    const queued = mail.queueCycle({ components: components(['Build Service', 'Registry']), notices: [notice] });
    expect(queued).toBe(2);
    const got = (await sink.waitForMails(before + 2)).slice(before);
    expect(got.flatMap((each) => each.to).sort()).toEqual(['all@example.org', 'builds@example.org']);
    for (const each of got) {
      const unsubscribe = rawHeader(each, 'List-Unsubscribe');
      expect(unsubscribe).toMatch(/^<http:\/\/127\.0\.0\.1:3043\/api\/subscriptions\/unsubscribe\?token=[\w.-]+>$/);
      expect(rawHeader(each, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(each.envelopeFrom).toMatch(/^bounces\+[0-9a-f]{24}\.[0-9a-f]{16}@example\.com$/);
      expect(each.parsed.subject).toBe('[Platform status] Incident: Slow builds');
      expect(each.parsed.text).toContain('<b>A disk</b> is full.');
      expect(each.parsed.html).toContain('&lt;b&gt;A disk&lt;/b&gt; is full.');
      expect(each.parsed.text).toContain('12:00 GMT+1');
      expect(each.parsed.text).toContain('11:00 UTC');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sink.mails.length).toBe(before + 2);
    // The same notice again is no new mail.
    expect(mail.queueCycle({ components: components(['Build Service', 'Registry']), notices: [notice] })).toBe(0);
  });

  it('unsubscribes by one-click POST, 200 again when repeated, and a GET of the link changes nothing', async () => {
    await subscribe('leaving@example.org');
    mail.queueCycle({ components: components(['Registry']), notices: [incidentNotice({ components: [] })] });
    const [, notice] = await sink.waitForMails(2);
    const link = /<([^>]+)>/.exec(notice === undefined ? '' : (rawHeader(notice, 'List-Unsubscribe') ?? ''))?.[1] ?? '';
    const scanned = await fetch(link.replace('127.0.0.1:3043', listener.url.replace('http://', '')));
    expect(scanned.status).toBe(200);
    expect(await scanned.text()).toContain('<form method="post"');
    // Under `no-referrer` a browser posts the button's form with `Origin: null`, which the endpoint refuses.
    expect(scanned.headers.get('referrer-policy')).toBe('same-origin');
    expect(mail.store.counts().confirmed).toBe(1);
    const oneClick = () =>
      fetch(link.replace('http://127.0.0.1:3043', listener.url), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    expect((await oneClick()).status).toBe(200);
    expect((await oneClick()).status).toBe(200);
    expect(mail.store.counts().confirmed).toBe(0);
  });

  it('mails a probe-detected change only once it has held, and a flap not at all', async () => {
    await subscribe('watcher@example.org', ['Scheduler']);
    const before = sink.mails.length;
    const cycle = (state: ComponentOutcome['published']) =>
      mail.queueCycle({ components: components(['Scheduler'], state), notices: [] });
    cycle('operational');
    nowMs += 30_000;
    expect(cycle('major_outage')).toBe(0);
    nowMs += 30_000;
    expect(cycle('operational')).toBe(0);
    nowMs += 30_000;
    expect(cycle('partial_outage')).toBe(0);
    nowMs += 150_000;
    expect(cycle('major_outage')).toBe(0);
    nowMs += 150_000;
    expect(cycle('major_outage')).toBe(1);
    const [change] = (await sink.waitForMails(before + 1)).slice(before);
    expect(change?.parsed.subject).toBe('[Platform status] Scheduler: Major outage');
    expect(change?.parsed.text).toContain('Operational → Major outage');
  });

  it('answers CORS for the page’s origin only', async () => {
    const page = await post('', { email: 'cors@example.org' }, { Origin: 'http://127.0.0.1:3043' });
    expect(page.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3043');
    // The page's form says how long a 429 asks to wait.
    expect(page.headers.get('access-control-expose-headers')).toBe('Retry-After');
    const other = await post('', { email: 'cors@example.org' }, { Origin: 'https://evil.example' });
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('takes a honeypot’s sign-up with the same 202 and mails nothing', async () => {
    const response = await post('', { email: 'robot@example.org', website: 'http://spam.example' });
    expect(response.status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(sink.mails).toHaveLength(0);
    expect(mail.store.counts().pending).toBe(0);
  });

  it('refuses a body over the cap with 413', async () => {
    const response = await post('', { email: 'big@example.org', padding: 'x'.repeat(10_000) });
    expect(response.status).toBe(413);
  });

  it('holds one address to its share of connections, closes idle ones within seconds, and still takes a sign-up', async () => {
    const port = Number(new URL(listener.url).port);
    const extra = 20;
    const idle = await openIdleConnections(port, SUBSCRIPTION_LISTENER_LIMITS.maxPerClient + extra, '127.0.0.9');
    try {
      await expect
        .poll(() => idle.filter((each) => each.closed()).length, { timeout: 5_000 })
        .toBeGreaterThanOrEqual(extra);
      expect((await post('', { email: 'during@example.org', language: 'en', time_zone: 'UTC' })).status).toBe(202);
      await expect
        .poll(() => idle.every((each) => each.closed()), { timeout: SUBSCRIPTION_LISTENER_LIMITS.idleMs + 5_000 })
        .toBe(true);
    } finally {
      closeAll(idle);
    }
  });
});

describe('bounces forwarded by the relay', () => {
  it('quarantine on a 5.1.1 with the bounce token, and refuse any other token', async () => {
    await subscribe('bouncing@example.org');
    const [confirmation] = sink.mails;
    const dsn = (
      await readFile(new URL('../../fixtures/dsn/user-unknown-5.1.1.eml', import.meta.url), 'utf8')
    ).replaceAll('bounces+0123456789abcdef01234567.0123456789abcdef@example.com', confirmation?.envelopeFrom ?? '');
    const send = (token: string) =>
      fetch(`${listener.url}/api/subscriptions/bounces`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'message/rfc822' },
        body: dsn,
      });
    expect((await send('wrong')).status).toBe(401);
    expect(mail.store.counts().quarantined).toBe(0);
    const accepted = await send(bounceTokenOf(TEST_SECRET));
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ status: '5.1.1', permanent: true, known: true });
    expect(mail.store.counts()).toEqual({ pending: 0, confirmed: 0, quarantined: 1 });
  });
});
