import { resolve } from 'node:path';
import { choosePrecompress, PrecompressEnvSchema } from '../../compression/precompress-env.js';
import { ArgumentError } from '../../errors/argument-error.js';
import { displayPath } from '../../io/display-path.js';
import { readEnv } from '../../io/read-env.js';
import type { LineLog } from '../../log/line-log.js';
import { listNotices } from '../../notice-commands/list-notices.js';
import type { NoticeDocumentsPublished } from '../../notice-commands/publish-notice-documents.js';
import { runNoticeCommand } from '../../notice-commands/run-notice-command.js';
import type { NamedComponent, NoticeCommand } from '../../notices/apply-notice-command.js';
import { describeNotice } from '../../notices/describe-notice.js';
import { DEFAULT_STATE_FILE } from '../../probe-process/probe-state-file.js';
import { type OptionSpec, type OptionValues, parseOptions } from '../parse-options.js';
import { UsageError } from '../run-command.js';

const FILE_OPTIONS_USAGE = `  --notices FILE   the team's notices (default: data/notices.json)
  --config FILE    the components, to check the names (default: data/components.json)
  --public DIR     the served directory, written only where no probe holds the writer
                   lock (default: public)
  --probe-state FILE
                   the probe's state file, beside which its writer lock lives
                   (default: ${DEFAULT_STATE_FILE})
  --precompress    with no probe running, write FILE.gz and FILE.br beside what is
                   written (environment: PRECOMPRESS=1)

The file is edited under its own lock (two operators at once both land) and
replaced atomically, two-space JSON in a stable order so a git diff shows only
the change. Where a probe holds the writer lock it publishes the change with its
next cycle, which the sidecar runs as soon as the file changes; where none does,
this command writes /api/v1/notices and /feed.atom itself, never the status.
Bad input exits 1 with one line naming the argument and the reason, and leaves
the file byte for byte as it was.`;

export const NOTICE_USAGE = `Usage: service-directory notice open --title TEXT --text TEXT [--id ID] [--state STATE]
                                    [--component NAME[=STATE]]... [--at TIME] [options]
       service-directory notice update ID --state STATE --text TEXT [--component NAME[=STATE]]...
                                    [--at TIME] [options]
       service-directory notice resolve ID --text TEXT [--at TIME] [options]
       service-directory notice postmortem ID --file FILE [--at TIME] [options]
       service-directory notice list [options]

Writes the team's incident notices to data/notices.json. An update's
--component NAME=STATE declares that component's state (degraded_performance,
partial_outage, major_outage, or operational to lift it): while the notice is
open, the component is published as the worse of that and what the probe sees.

  --title TEXT     what the incident is, as readers see it
  --text TEXT      this update, plain text
  --id ID          lowercase letters, digits and dashes; by default derived from
                   the title and the day (builds-are-failing-2026-11-25), and printed
  --state STATE    investigating (open's default), identified or monitoring
  --component NAME[=STATE]
                   a component the incident affects, and the state it declares (repeat)
  --at TIME        when, UTC to the second (2026-11-25T14:02:00Z); default: now
  --file FILE      the postmortem, plain UTF-8 text
${FILE_OPTIONS_USAGE}`;

export const MAINTENANCE_USAGE = `Usage: service-directory maintenance schedule --title TEXT --start TIME --end TIME --text TEXT
                                    [--id ID] [--component NAME]... [options]
       service-directory maintenance start ID [--text TEXT] [--at TIME] [options]
       service-directory maintenance complete ID [--text TEXT] [--at TIME] [options]
       service-directory maintenance list [options]

Writes the team's maintenance notices to data/notices.json. From its start
(or 'start', if earlier) to its end (or 'complete', if earlier), the components
are published under_maintenance, whatever the checks see.

  --title TEXT     what the maintenance is
  --start TIME, --end TIME
                   the window, UTC to the second
  --text TEXT      this update, plain text (start and complete have a default)
  --id ID          as for notice open
  --component NAME a component under maintenance (repeat); none: the whole platform
  --at TIME        when, UTC to the second; default: now
${FILE_OPTIONS_USAGE}`;

const FILE_OPTIONS = {
  notices: { type: 'string', default: 'data/notices.json' },
  config: { type: 'string', default: 'data/components.json' },
  public: { type: 'string', default: 'public' },
  'probe-state': { type: 'string', default: DEFAULT_STATE_FILE },
  precompress: { type: 'boolean', default: false },
} satisfies OptionSpec;

/** The `notice` command's flags. */
export const NOTICE_OPTIONS = {
  ...FILE_OPTIONS,
  id: { type: 'string' },
  title: { type: 'string' },
  state: { type: 'string' },
  text: { type: 'string' },
  component: { type: 'string', multiple: true },
  at: { type: 'string' },
  file: { type: 'string' },
} satisfies OptionSpec;

/** The `maintenance` command's flags. */
export const MAINTENANCE_OPTIONS = {
  ...FILE_OPTIONS,
  id: { type: 'string' },
  title: { type: 'string' },
  start: { type: 'string' },
  end: { type: 'string' },
  text: { type: 'string' },
  component: { type: 'string', multiple: true },
  at: { type: 'string' },
} satisfies OptionSpec;

/** What each subcommand did, for its report line. */
const DONE: Readonly<Record<NoticeCommand['kind'], string>> = {
  open: 'opened',
  update: 'updated',
  resolve: 'resolved',
  postmortem: 'attached the postmortem to',
  schedule: 'scheduled',
  start: 'started',
  complete: 'completed',
};

export async function notice(args: string[]): Promise<void> {
  await runSubcommand('notice', args, NOTICE_OPTIONS, NOTICE_USAGE, (sub, id, values) => {
    const components = namedComponents(values.component);
    if (sub === 'open')
      return {
        kind: 'open',
        id: text(values.id),
        title: text(values.title),
        state: text(values.state),
        text: text(values.text),
        components,
      };
    if (sub === 'update') return { kind: 'update', id, state: text(values.state), text: text(values.text), components };
    if (sub === 'resolve' || sub === 'postmortem') return { kind: sub, id, text: text(values.text) };
    return undefined;
  });
}

export async function maintenance(args: string[]): Promise<void> {
  await runSubcommand('maintenance', args, MAINTENANCE_OPTIONS, MAINTENANCE_USAGE, (sub, id, values) => {
    if (sub === 'schedule') {
      const components = namedComponents(values.component);
      return {
        kind: 'schedule',
        id: text(values.id),
        title: text(values.title),
        start: text(values.start),
        end: text(values.end),
        text: text(values.text),
        components,
      };
    }
    if (sub === 'start' || sub === 'complete') return { kind: sub, id, text: text(values.text) };
    return undefined;
  });
}

async function runSubcommand(
  name: 'notice' | 'maintenance',
  args: string[],
  spec: OptionSpec,
  usage: string,
  toCommand: (sub: string, id: string | undefined, values: OptionValues) => NoticeCommand | undefined,
): Promise<void> {
  const parsed = parseOptions(args, spec, usage);
  if (!parsed) return;
  const { values, positionals } = parsed;
  const [sub, id, ...extra] = positionals;
  const noticesFile = resolve(String(values.notices));
  const componentsFile = resolve(String(values.config));
  if (sub === 'list') {
    const kind = name === 'maintenance' ? 'maintenance' : undefined;
    const lines = await listNotices({ noticesFile, componentsFile, kind });
    if (lines.length === 0) console.log(`${name}: no notices in ${displayPath(noticesFile)}`);
    for (const line of lines) console.log(line);
    return;
  }
  const command = sub === undefined ? undefined : toCommand(sub, id, values);
  if (command === undefined)
    throw new UsageError(
      `${sub === undefined ? 'which' : `unknown ${name}`} command${sub === undefined ? '?' : `: ${sub}`}\n\n${usage}`,
    );
  const takesId = command.kind !== 'open' && command.kind !== 'schedule';
  const surplus = takesId ? extra : [id, ...extra].filter((each) => each !== undefined);
  if (surplus.length > 0)
    throw new UsageError(`${name} ${sub}: unexpected argument ${JSON.stringify(surplus[0])}\n\n${usage}`);
  if (command.kind === 'postmortem' && values.file === undefined)
    throw new UsageError(`${name} postmortem: --file FILE is required\n\n${usage}`);
  const log = prefixedLog(name);
  const report = await runNoticeCommand({
    command,
    textFile: command.kind === 'postmortem' ? text(values.file) : undefined,
    at: text(values.at),
    noticesFile,
    componentsFile,
    publicDir: resolve(String(values.public)),
    stateFile: resolve(String(values['probe-state'])),
    precompress: choosePrecompress(values.precompress === true, readEnv(PrecompressEnvSchema)),
    log,
  }).catch((error: unknown) => {
    // One line naming the command, the argument and the reason.
    if (error instanceof ArgumentError) throw new ArgumentError(`${name} ${sub}: ${error.argument}`, error.reason);
    throw error;
  });
  log.info(
    `${DONE[command.kind]} ${report.notice.id} in ${displayPath(noticesFile)}: ${describeNotice(report.notice)}`,
  );
  log.info(describePublished(report.published));
}

function describePublished(published: NoticeDocumentsPublished): string {
  const lock = displayPath(published.lockFile);
  if (published.by === 'command') {
    // The feed and calendar of each component and group are counted, not listed: a thousand components would be a thousand names.
    const paths = published.written.map(displayPath);
    const scoped = paths.filter((path) => path.includes('/feeds/') && path.endsWith('.atom'));
    const calendars = paths.filter((path) => path.includes('/feeds/') && path.endsWith('.ics'));
    const named = paths.filter((path) => !path.includes('/feeds/'));
    const feeds =
      scoped.length === 0 ? [] : [`${scoped.length} feed${scoped.length === 1 ? '' : 's'} of components and groups`];
    const wroteCalendars =
      calendars.length === 0 ? [] : [`${calendars.length} maintenance calendar${calendars.length === 1 ? '' : 's'}`];
    const wrote = [...named, ...feeds, ...wroteCalendars];
    return `no probe holds ${lock}: wrote ${wrote.slice(0, -1).join(', ')}${wrote.length > 1 ? ' and ' : ''}${wrote.at(-1) ?? 'nothing'}; the status follows at the probe's next run`;
  }
  const holder = published.holder === undefined ? '' : ` (pid ${published.holder.pid} on ${published.holder.host})`;
  return `the probe holding ${lock}${holder} publishes it with its next cycle`;
}

function prefixedLog(name: string): LineLog {
  return { info: (line) => console.log(`${name}: ${line}`), error: (line) => console.error(`${name}: ${line}`) };
}

function text(value: OptionValues[string]): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * `--component NAME` or `--component NAME=STATE`: the state is what follows
 * the last `=` when it is words (letters, spaces, hyphens, underscores:
 * `major outage` as the page writes it); `checkComponents` still tries the
 * whole as a name, so a name holding `=` is a name.
 */
function namedComponents(values: OptionValues[string]): NamedComponent[] {
  const given = Array.isArray(values) ? values.filter((value) => typeof value === 'string') : [];
  return given.map((value) => {
    const match = /^(.*)=([A-Za-z][A-Za-z _-]*)$/.exec(value);
    return match === null ? { name: value, state: undefined } : { name: match[1] ?? '', state: match[2] };
  });
}
