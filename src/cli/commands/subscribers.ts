import { resolve } from 'node:path';
import { DEFAULT_HISTORY_FILE } from '../../history/history-recorder.js';
import { maskAddress } from '../../mail-subscribers/mask-address.js';
import {
  countSubscribers,
  exportSubscribers,
  importSubscribers,
  listSubscribers,
  printableBounceToken,
  recordBounceFile,
  removeSubscriber,
  sendTestMail,
} from '../../mail-subscribers/subscriber-commands.js';
import { DEFAULT_STATE_FILE } from '../../probe-process/probe-state-file.js';
import { type OptionSpec, parseOptions } from '../parse-options.js';
import { UsageError } from '../run-command.js';

export const SUBSCRIBERS_USAGE = `Usage: service-directory subscribers list|count|export
       service-directory subscribers import FILE [--confirmed]
       service-directory subscribers remove EMAIL | test EMAIL | bounce FILE | bounce-token
         [--config FILE] [--state FILE] [--history FILE]

The email subscribers (config "subscribers"), kept beside the probe's state in
subscribers.sqlite; every command works while the probe runs.

  list             one line per subscriber: address, state, components, language, zone
  count            how many are confirmed, pending and quarantined
  export           every subscriber as CSV on standard output
  import FILE      a CSV (the export's columns; "email" alone will do): each row signs
                   up, and the probe mails it a confirmation link
  --confirmed      with import: the list was verified elsewhere; add it as confirmed
  remove EMAIL     removes the subscriber and the mails queued to it
  test EMAIL       sends a test mail to EMAIL through the relay now (SMTP URL, DKIM)
  bounce FILE      reads a relay's delivery status notification (RFC 3464): 5.x.x
                   quarantines the address, 4.x.x is only recorded
  bounce-token     prints the bearer token a relay forwards bounces with:
                   POST {endpoint}/bounces, Authorization: Bearer TOKEN, the DSN as the body
  --config FILE    the components config (default: data/components.json)
  --state FILE     the probe's state file, beside which the subscribers live
                   (default: ${DEFAULT_STATE_FILE})
  --history FILE   accepted as the probe takes it (default: ${DEFAULT_HISTORY_FILE})

Environment: the variables the config's "subscribers" names (smtp_url_env,
secret_env, dkim.private_key_env).`;

export const SUBSCRIBERS_OPTIONS = {
  confirmed: { type: 'boolean', default: false },
  config: { type: 'string', default: 'data/components.json' },
  state: { type: 'string', default: DEFAULT_STATE_FILE },
  history: { type: 'string', default: DEFAULT_HISTORY_FILE },
} satisfies OptionSpec;

const ARGUMENT_OF: Readonly<Record<string, string | undefined>> = {
  list: undefined,
  count: undefined,
  export: undefined,
  import: 'FILE',
  remove: 'EMAIL',
  test: 'EMAIL',
  bounce: 'FILE',
  'bounce-token': undefined,
};

export async function subscribers(args: string[]): Promise<void> {
  const parsed = parseOptions(args, SUBSCRIBERS_OPTIONS, SUBSCRIBERS_USAGE);
  if (!parsed) return;
  const { values, positionals } = parsed;
  const [action = '', argument, ...extra] = positionals;
  if (!Object.hasOwn(ARGUMENT_OF, action)) throw new UsageError(`give an action\n\n${SUBSCRIBERS_USAGE}`);
  const wanted = ARGUMENT_OF[action];
  if ((wanted === undefined) !== (argument === undefined) || extra.length > 0) {
    throw new UsageError(`subscribers ${action} takes ${wanted ?? 'no argument'}\n\n${SUBSCRIBERS_USAGE}`);
  }
  if (values.confirmed === true && action !== 'import') throw new UsageError('--confirmed is for import');
  const input = { configFile: resolve(String(values.config)), stateFile: resolve(String(values.state)) };
  const given = argument ?? '';
  switch (action) {
    case 'list':
      for (const line of await listSubscribers(input)) console.log(line);
      return;
    case 'count': {
      const counts = await countSubscribers(input);
      console.log(
        `subscribers: ${counts.confirmed} confirmed, ${counts.pending} pending, ${counts.quarantined} quarantined`,
      );
      return;
    }
    case 'export':
      process.stdout.write(await exportSubscribers(input));
      return;
    case 'import': {
      const outcome = await importSubscribers(input, resolve(given), values.confirmed === true);
      console.log(
        values.confirmed === true
          ? `subscribers: imported ${outcome.added} new and ${outcome.updated} known as confirmed; ${outcome.quarantined} quarantined left out`
          : `subscribers: ${outcome.signedUp} sign-ups; the probe mails each a confirmation link`,
      );
      return;
    }
    case 'remove':
      if (!(await removeSubscriber(input, given))) {
        process.exitCode = 1;
        console.error(`subscribers: ${maskAddress(given)} is not a subscriber`);
        return;
      }
      console.log(`subscribers: removed ${maskAddress(given)}`);
      return;
    case 'bounce-token':
      console.log(await printableBounceToken(input));
      return;
    case 'test':
      await sendTestMail(input, given);
      console.log(`subscribers: the relay took a test mail to ${maskAddress(given)}`);
      return;
    default: {
      const bounce = await recordBounceFile(input, resolve(given));
      console.log(
        `subscribers: bounce ${bounce.status} ${bounce.known ? (bounce.permanent ? 'quarantines the address' : 'recorded') : 'for a subscriber no longer here'}`,
      );
    }
  }
}
