import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { InputError } from '../errors/input-error.js';
import { displayPath } from '../io/display-path.js';
import { bounceTokenOf } from './bounce-token.js';
import { loadMailSettings, type MailSettings } from './load-mail-settings.js';
import { linksOf } from './mail-links.js';
import { createMailTransport } from './mail-transport.js';
import { parseDsn } from './parse-dsn.js';
import { renderMail } from './render-mail.js';
import { parseCsv, renderSubscribersCsv } from './subscriber-csv.js';
import { openSubscriberStore, type SubscriberStore } from './subscriber-store.js';
import { SUBSCRIBERS_FILE_NAME } from './subscribers-database.js';
import { AddressSchema, subscriptionChoiceSchema } from './subscription-choice.js';
import { readVerpAddress, verpAddress } from './verp-address.js';

/** Where the team's commands find the subscribers: the config and the probe's state file, as the probe is given them. */
export interface SubscriberCommandInput {
  readonly configFile: string;
  readonly stateFile: string;
  readonly env?: NodeJS.ProcessEnv | undefined;
  readonly now?: () => number;
}

async function open(input: SubscriberCommandInput): Promise<{ settings: MailSettings; store: SubscriberStore }> {
  const settings = await loadMailSettings(input.configFile, input.env);
  if (settings === undefined) {
    throw new InputError(displayPath(input.configFile), [
      { path: 'subscribers', reason: 'is not configured: there are no email subscribers to work on' },
    ]);
  }
  return { settings, store: openSubscriberStore(join(dirname(input.stateFile), SUBSCRIBERS_FILE_NAME)) };
}

async function withStore<T>(
  input: SubscriberCommandInput,
  work: (opened: { settings: MailSettings; store: SubscriberStore }) => Promise<T> | T,
): Promise<T> {
  const opened = await open(input);
  try {
    return await work(opened);
  } finally {
    opened.store.close();
  }
}

/** `subscribers bounce-token`: the bearer token of `POST {endpoint}/bounces`, for the relay's configuration. */
export const printableBounceToken = (input: SubscriberCommandInput) =>
  withStore(input, ({ settings }) => bounceTokenOf(settings.secret));

/** `subscribers list`: one line per subscriber (address, state, components, language, zone). */
export const listSubscribers = (input: SubscriberCommandInput) =>
  withStore(input, ({ store }) =>
    store
      .list()
      .map(
        (each) =>
          `${each.email}  ${each.state}  ${each.choice.components.length === 0 ? '(whole page)' : each.choice.components.join(', ')}  ${each.choice.language}  ${each.choice.timeZone}`,
      ),
  );

/** `subscribers count`: how many in each state. */
export const countSubscribers = (input: SubscriberCommandInput) => withStore(input, ({ store }) => store.counts());

/** `subscribers export`: every subscriber as CSV. */
export const exportSubscribers = (input: SubscriberCommandInput) =>
  withStore(input, ({ store }) => renderSubscribersCsv(store.list()));

/**
 * `subscribers import FILE [--confirmed]`: the CSV's rows (the export's
 * columns; `email` alone will do). With `confirmed`, a list already verified
 * elsewhere is added as confirmed; without, each row is a sign-up whose
 * confirmation mail the probe sends. Every row is checked before any is
 * taken: a bad one fails the import, naming its line and field.
 */
export async function importSubscribers(input: SubscriberCommandInput, file: string, confirmed: boolean) {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new InputError(displayPath(file), [{ path: '', reason: `cannot be read (${String(error)})` }], {
      cause: error,
    });
  }
  return withStore(input, ({ settings, store }) => {
    let rows: Record<string, string>[];
    try {
      rows = parseCsv(text);
    } catch (error) {
      throw new InputError(displayPath(file), [{ path: '', reason: String((error as Error).message) }]);
    }
    const schema = subscriptionChoiceSchema(settings.page.components);
    const problems: { path: string; reason: string }[] = [];
    const entries = rows.flatMap((row, index) => {
      const where = `line ${index + 2}`;
      const email = AddressSchema.safeParse(row.email ?? '');
      let components: unknown = [];
      try {
        components = row.components === undefined || row.components === '' ? [] : JSON.parse(row.components);
      } catch {
        problems.push({ path: `${where}.components`, reason: 'is not a JSON list of component names' });
        return [];
      }
      const choice = schema.safeParse({
        components,
        language: row.language || undefined,
        time_zone: row.time_zone || undefined,
      });
      if (!email.success)
        problems.push({ path: `${where}.email`, reason: email.error.issues[0]?.message ?? 'is not valid' });
      if (!choice.success) {
        const issue = choice.error.issues[0];
        problems.push({ path: `${where}.${issue?.path.join('.') ?? ''}`, reason: issue?.message ?? 'is not valid' });
      }
      if (!email.success || !choice.success) return [];
      const { components: names, language, time_zone: timeZone } = choice.data;
      return [{ email: email.data, choice: { components: names, language, timeZone } }];
    });
    if (problems.length > 0) throw new InputError(displayPath(file), problems.slice(0, 20));
    const nowMs = (input.now ?? Date.now)();
    const outcome = { added: 0, updated: 0, quarantined: 0, signedUp: 0 };
    for (const entry of entries) {
      if (confirmed) outcome[store.importConfirmed(entry.email, entry.choice, nowMs)] += 1;
      else {
        store.signUp(entry.email, entry.choice, nowMs);
        outcome.signedUp += 1;
      }
    }
    return outcome;
  });
}

/** `subscribers remove EMAIL`: whether there was such a subscriber. */
export const removeSubscriber = (input: SubscriberCommandInput, email: string) =>
  withStore(input, ({ store }) => {
    const found = store.byEmail(AddressSchema.parse(email));
    return found !== undefined && store.remove(found.id);
  });

/**
 * `subscribers test EMAIL`: a test mail straight to the relay, now, so the
 * team sees the relay, the DKIM key and the headers work; to a subscriber,
 * in their language with their links. Rejects with the relay's answer.
 */
export const sendTestMail = (input: SubscriberCommandInput, email: string) =>
  withStore(input, async ({ settings, store }) => {
    const address = AddressSchema.parse(email);
    const subscriber = store.byEmail(address);
    const nowMs = (input.now ?? Date.now)();
    const choice = subscriber?.choice ?? { components: [], language: 'en' as const, timeZone: 'UTC' };
    const links =
      subscriber === undefined
        ? { manage: settings.page.endpoint, unsubscribe: settings.page.endpoint }
        : linksOf(settings.page, settings.secret, subscriber);
    const transport = createMailTransport({
      smtpUrl: settings.smtpUrl,
      from: settings.from,
      dkim: settings.dkim,
      concurrency: 1,
    });
    try {
      await transport.send({
        ...renderMail({ kind: 'test', atMs: nowMs }, choice, settings.page, links),
        to: address,
        envelopeFrom: verpAddress(settings.secret, subscriber?.id ?? '0', settings.bounceDomain),
      });
    } finally {
      transport.close();
    }
  });

/**
 * `subscribers bounce FILE`: a relay's delivery status notification (RFC
 * 3464). A `5.x.x` quarantines the subscriber its VERP address names; a
 * `4.x.x` is recorded only. Throws `InputError` for a message that is not
 * a DSN of one of our mails.
 */
export async function recordBounceFile(input: SubscriberCommandInput, file: string) {
  const message = await readFile(file, 'utf8').catch((error: unknown) => {
    throw new InputError(displayPath(file), [{ path: '', reason: `cannot be read (${String(error)})` }], {
      cause: error,
    });
  });
  return withStore(input, ({ settings, store }) => {
    const dsn = parseDsn(message);
    if (!dsn.ok) throw new InputError(displayPath(file), [{ path: '', reason: dsn.reason }]);
    const id = readVerpAddress(settings.secret, dsn.verp);
    if (id === undefined) {
      throw new InputError(displayPath(file), [
        { path: '', reason: 'its bounce address is not signed with this secret' },
      ]);
    }
    const known = store.recordBounce(id, dsn.status, dsn.permanent, (input.now ?? Date.now)());
    return { status: dsn.status, permanent: dsn.permanent, known };
  });
}
