import { copyFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage } from '../../src/mail-subscribers/mail-messages.js';
import { LANDING_RESULTS } from '../../src/mail-subscribers/render-landing-page.js';
import { MAIL_LANGUAGES, type MailLanguage } from '../../src/mail-subscribers/subscription-choice.js';
import { type RunningServer, startServer } from '../../src/server/start-server.js';
import { buildSite } from '../../src/site/build-site.js';
import { subscribersConfig, subscribersEnv, tokenIn } from '../helpers/mail-subscribers.js';
import { type CliProcess, runCli, startCli } from '../helpers/run-cli.js';
import { rawHeader, type SmtpSink, startSmtpSink } from '../helpers/smtp-sink.js';
import { makeTempSite, type TempSite } from '../helpers/temp-site.js';
import { unusedPort } from '../helpers/unused-port.js';
import { findAxeViolations, launchChromium, watchPage } from './browser.js';
import { listPageFiles } from './status-page-site.js';

/**
 * The "Get updates by email" form end to end: the built page served by the
 * real server, a real probe with its subscription listener, a real SMTP
 * server taking the mails, Chromium filling in the form.
 */

const PAGE_NAME = 'Platform status';
/** The page's own catalogues, for the words the form should say. */
const catalogue = async (language: MailLanguage) =>
  (await import(resolve(`public/status-page.messages.${language}.js`))).default as Record<string, string>;
const LOCALES: Record<MailLanguage, string> = {
  en: 'en-US',
  de: 'de-DE',
  fr: 'fr-FR',
  es: 'es-ES',
  ja: 'ja-JP',
  ar: 'ar-EG',
};

let site: TempSite;
let sink: SmtpSink;
let component: Server;
let server: RunningServer;
let probe: CliProcess;
let browser: Browser;
let pageUrl: string;
let endpoint: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  site = await makeTempSite();
  sink = await startSmtpSink();
  component = createServer((_request, response) => response.end('ok'));
  await new Promise<void>((done) => component.listen(0, '127.0.0.1', done));
  const [pagePort, subscribePort] = [await unusedPort(), await unusedPort()];
  pageUrl = `http://127.0.0.1:${pagePort}`;
  endpoint = `http://127.0.0.1:${subscribePort}/api/subscriptions`;
  const config = subscribersConfig({ endpoint });
  await writeFile(
    join(site.root, 'components.json'),
    JSON.stringify({
      ...config,
      public_url: pageUrl,
      region: 'ams1',
      schedule: '*/2 * * * * *',
      components: config.components.map(({ name }) => ({
        name,
        url: `http://127.0.0.1:${(component.address() as AddressInfo).port}/health`,
      })),
    }),
  );
  for (const file of await listPageFiles()) await copyFile(resolve('public', file), join(site.publicDir, file));
  await buildSite({
    regionsFile: site.regionsFile,
    headersFile: site.headersFile,
    publicDir: site.publicDir,
    componentsFile: join(site.root, 'components.json'),
  });
  env = { ...subscribersEnv(sink.url), REGION: '' };
  probe = startCli(['probe', '--config', 'components.json', '--subscribe-port', String(subscribePort)], {
    cwd: site.root,
    env,
  });
  await probe.waitForOutput(/email sign-ups on http:/, 20_000);
  await probe.waitForOutput(/wrote .*status/, 20_000);
  server = await startServer({
    publicDir: site.publicDir,
    headersFile: site.headersFile,
    port: pagePort,
    host: '127.0.0.1',
    log: () => {},
    formEndpoint: endpoint,
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (probe !== undefined) {
    probe.child.kill('SIGTERM');
    await probe.exited();
  }
  await new Promise((done) => component?.close(done));
  await sink?.close();
  await site?.remove();
});

async function openPage(options: BrowserContextOptions) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const problems = watchPage(page);
  await page.goto(`${pageUrl}/`);
  return { context, page, problems };
}

/** Opens the form and waits until its code has filled in the visitor's language and zone. */
async function openForm(page: Page, language: MailLanguage) {
  await page.waitForFunction(
    (lang) => document.documentElement.dataset.rendered === 'true' && document.documentElement.lang === lang,
    language,
  );
  await page.locator('.email-updates summary').click();
  await page.waitForFunction(() => document.getElementById('email-form')?.dataset.prepared === 'true');
}

async function submit(page: Page, address: string): Promise<string> {
  await page.locator('#email-result').evaluate((node) => {
    node.textContent = '';
  });
  await page.fill('#email-address', address);
  await page.locator('#email-form button[type="submit"]').click();
  await page.waitForFunction(() => (document.getElementById('email-result')?.textContent ?? '') !== '');
  return (await page.locator('#email-result').textContent()) ?? '';
}

describe('the email form on the page', () => {
  it('signs up in the visitor’s words and zone; the mailed link confirms with a POST', async () => {
    const { context, page, problems } = await openPage({ locale: 'de-DE', timezoneId: 'Asia/Tokyo' });
    await openForm(page, 'de');
    const german = await catalogue('de');
    await expect(page.locator('.email-updates summary').textContent()).resolves.toBe(german['email.open']);
    await expect(page.locator('#email-language').inputValue()).resolves.toBe('de');
    await expect(page.locator('#email-zone').inputValue()).resolves.toBe('Asia/Tokyo');
    await page.check('input[name="components"][value="Registry"]');

    await expect(submit(page, 'reader@example.org')).resolves.toBe(german['email.sent']);
    expect(problems).toEqual({ consoleErrors: [], pageErrors: [], failedRequests: [], errorResponses: [] });

    const mail = await sink.waitForMailTo('reader@example.org');
    const confirm = `${endpoint}/confirm?token=${tokenIn(mail.parsed.text ?? '', '/confirm')}`;
    // Following the link changes nothing: it shows a button.
    await page.goto(confirm);
    expect(
      (await runCli(['subscribers', 'count', '--config', 'components.json'], { cwd: site.root, env })).stdout,
    ).toContain('0 confirmed, 1 pending');
    await expect(findAxeViolations(page)).resolves.toEqual([]);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/\/done\?result=confirmed&lang=de$/);
    await expect(page.locator('h1').textContent()).resolves.toBe(
      formatMessage('de', 'landing.done.confirmed', { page: PAGE_NAME }),
    );
    await expect(findAxeViolations(page)).resolves.toEqual([]);
    const listed = await runCli(['subscribers', 'list', '--config', 'components.json'], { cwd: site.root, env });
    expect(listed.stdout).toContain('reader@example.org  confirmed  Registry  de  Asia/Tokyo');

    // The manage and unsubscribe pages, from a mail with their links; then leaving.
    const before = sink.mails.length;
    await runCli(['subscribers', 'test', 'reader@example.org', '--config', 'components.json'], { cwd: site.root, env });
    const test = await sink.waitForMailTo('reader@example.org', before);
    await page.goto(`${endpoint}/manage?token=${tokenIn(test.parsed.text ?? '', '/manage')}`);
    await expect(page.locator('#time_zone').inputValue()).resolves.toBe('Asia/Tokyo');
    await expect(findAxeViolations(page)).resolves.toEqual([]);
    await page.goto(
      `${endpoint}/unsubscribe?token=${tokenIn(rawHeader(test, 'List-Unsubscribe') ?? '', '/unsubscribe')}`,
    );
    await expect(findAxeViolations(page)).resolves.toEqual([]);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/\/done\?result=unsubscribed&lang=de$/);
    expect(
      (await runCli(['subscribers', 'count', '--config', 'components.json'], { cwd: site.root, env })).stdout,
    ).toContain('0 confirmed, 0 pending');
    await context.close();
  });

  it('works without a script: the form posts itself and the endpoint answers with its own page', async () => {
    const { context, page, problems } = await openPage({ javaScriptEnabled: false, locale: 'en-US' });
    await page.locator('.email-updates summary').click();
    await page.fill('#email-address', 'no-script@example.org');
    await page.check('input[name="components"][value="Scheduler"]');
    await page.locator('#email-form button[type="submit"]').click();
    await page.waitForURL(/\/done\?result=sent&lang=en$/);
    await expect(page.locator('h1').textContent()).resolves.toBe(
      formatMessage('en', 'landing.done.sent', { page: PAGE_NAME }),
    );
    expect(problems.consoleErrors).toEqual([]);
    const mail = await sink.waitForMailTo('no-script@example.org');
    expect(mail.parsed.text).toContain('/confirm?token=');
    await context.close();
  });

  it('is axe clean in every language at 320 px, and never wider than the screen', async () => {
    for (const language of MAIL_LANGUAGES) {
      const { context, page, problems } = await openPage({
        locale: LOCALES[language],
        viewport: { width: 320, height: 700 },
      });
      await openForm(page, language);
      await expect(page.locator('#email-language').inputValue()).resolves.toBe(language);
      await expect(page.locator('#email-form label[for="email-address"]').textContent()).resolves.toBe(
        (await catalogue(language))['email.address'],
      );
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(320);
      expect({ language, violations: await findAxeViolations(page) }).toEqual({ language, violations: [] });
      expect(problems.consoleErrors).toEqual([]);
      await context.close();
    }
  });

  it('has axe-clean landing pages in every result, right to left in Arabic', async () => {
    const { context, page } = await openPage({ viewport: { width: 320, height: 700 } });
    for (const result of LANDING_RESULTS) {
      await page.goto(`${endpoint}/done?result=${result}&lang=ar`);
      await expect(page.locator('html').getAttribute('dir')).resolves.toBe('rtl');
      expect({ result, violations: await findAxeViolations(page) }).toEqual({ result, violations: [] });
    }
    await context.close();
  });

  it('says in the visitor’s words how long to wait when the endpoint answers 429', async () => {
    const { context, page } = await openPage({ locale: 'fr-FR', timezoneId: 'Europe/Paris' });
    await openForm(page, 'fr');
    const french = await catalogue('fr');
    // Six sign-ups a minute from one client are taken (two were made above): the seventh is refused.
    let said = '';
    for (let attempt = 0; attempt < 7 && !said.startsWith('Trop'); attempt += 1) {
      said = await submit(page, `reader${attempt}@example.org`);
      if (!said.startsWith('Trop')) expect(said).toBe(french['email.sent']);
    }
    const wait = /(\d+)/.exec(said)?.[1] ?? '';
    expect(said).toBe(french['email.tooMany']?.replace('{seconds}', wait));
    expect(Number(wait)).toBeGreaterThan(0);
    expect(Number(wait)).toBeLessThanOrEqual(60);
    await context.close();
  });
});
