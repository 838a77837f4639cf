import { describe, expect, it } from 'vitest';
import { tokenIn } from '../../helpers/mail-subscribers.js';
import { runStart, writeStartConfig } from '../../helpers/start-command.js';
import { waitFor } from '../../helpers/test-server.js';
import { freeBasePort, isPortFree } from '../../helpers/unused-port.js';
import { useCliSite } from '../../helpers/use-cli-site.js';

const cli = useCliSite();

const ADDRESS = 'newcomer@example.com';

/** The mail stand-in's page of its `n`th mail, once it caught that many. */
async function caughtMail(pageUrl: string, n: number): Promise<string> {
  await waitFor(async () => (await (await fetch(pageUrl)).text()).includes(`href="/mail/${n}"`), 30_000);
  return (await fetch(`${pageUrl}${n}`)).text();
}

describe('start: the mail stand-in', () => {
  it('takes a sign-up on the page’s origin, shows the confirmation mail on its page, and the notice mail once confirmed', async () => {
    const base = await freeBasePort(6);
    const startArgs = await writeStartConfig(cli, base);
    const child = await runStart(cli, startArgs, { SMTP_URL: '', SUBSCRIBERS_SECRET: '' }, 30_000);
    const { origin } = child;
    const [, pageUrl = ''] = await child.waitForOutput(/mail stand-in .*: (http:\/\/127\.0\.0\.1:\d+\/mail\/)/, 30_000);
    expect(pageUrl).toBe(`http://127.0.0.1:${base + 5}/mail/`);

    // The page's form posts to its own origin (its CSP: connect-src 'self'); start routes the path to the probe.
    const signUp = () =>
      fetch(`${origin}/api/subscriptions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: origin },
        body: JSON.stringify({ email: ADDRESS, components: ['Scheduler'], language: 'en', time_zone: 'Europe/Berlin' }),
      });
    let answer = await signUp();
    // Until the probe's listener is up (right after the banner), the route answers 503.
    await waitFor(async () => {
      if (answer.status === 503) answer = await signUp();
      return answer.status !== 503;
    }, 15_000);
    expect(answer.status).toBe(202);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('access-control-allow-origin')).toBe(origin);

    const confirmation = await caughtMail(pageUrl, 1);
    expect(confirmation).toContain(`to ${ADDRESS}`);
    const token = tokenIn(confirmation, '/api/subscriptions/confirm');
    // The link is clickable on the stand-in's page, and the mail's HTML is in a sandboxed frame.
    expect(confirmation).toContain(`<a href="${origin}/api/subscriptions/confirm?token=${token}"`);
    expect(confirmation).toMatch(/<iframe [^>]*sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="/);
    const confirmed = await fetch(`${origin}/api/subscriptions/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(confirmed.status).toBe(200);

    expect((await fetch(`http://127.0.0.1:${base}/scheduler/failing`, { method: 'POST' })).status).toBe(200);
    const notice = await caughtMail(pageUrl, 2);
    expect(notice).toContain('Scheduler');
    expect(notice).toMatch(/List-Unsubscribe: &lt;http:\/\/127\.0\.0\.1:\d+\/api\/subscriptions\/unsubscribe\?token=/);
    expect(notice).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    child.child.kill('SIGINT');
    expect(await child.exited()).toBe(0);
    // The log shows the stand-in's catches, masked; never the address.
    expect(child.output()).toContain('caught "');
    expect(child.output()).toContain('n***@example.com');
    expect(child.output()).not.toContain(ADDRESS);
    expect(await isPortFree(base + 5)).toBe(true);
  }, 90_000);
});
