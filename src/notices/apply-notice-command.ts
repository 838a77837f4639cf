import { ArgumentError } from '../errors/argument-error.js';
import {
  type Impact,
  type IncidentNotice,
  type IncidentUpdate,
  MAX_POSTMORTEM_CHARS,
  type MaintenanceNotice,
  type Notice,
  type WrittenIncidentNotice,
  type WrittenNotice,
} from '../schemas/notice.js';
import { formatTimestamp } from '../schemas/service-status.js';
import {
  checkComponents,
  checkIncidentState,
  checkLabel,
  checkText,
  checkTimestamp,
  deriveNoticeId,
  type NamedComponent,
  requireArgument,
} from './command-arguments.js';

export type { NamedComponent } from './command-arguments.js';

/** What the `notice` and `maintenance` commands ask for, as parsed from their arguments. */
export type NoticeCommand =
  | {
      readonly kind: 'open';
      readonly id: string | undefined;
      readonly title: string | undefined;
      readonly state: string | undefined;
      readonly text: string | undefined;
      readonly components: readonly NamedComponent[];
    }
  | {
      readonly kind: 'update';
      readonly id: string | undefined;
      readonly state: string | undefined;
      readonly text: string | undefined;
      readonly components: readonly NamedComponent[];
    }
  | { readonly kind: 'resolve'; readonly id: string | undefined; readonly text: string | undefined }
  | { readonly kind: 'postmortem'; readonly id: string | undefined; readonly text: string | undefined }
  | {
      readonly kind: 'schedule';
      readonly id: string | undefined;
      readonly title: string | undefined;
      readonly start: string | undefined;
      readonly end: string | undefined;
      readonly text: string | undefined;
      readonly components: readonly NamedComponent[];
    }
  | { readonly kind: 'start' | 'complete'; readonly id: string | undefined; readonly text: string | undefined };

export interface CommandContext {
  /** The notices file as it is now, validated. */
  readonly notices: readonly WrittenNotice[];
  /** The components' names, to check those named; `undefined` when the components file is missing. */
  readonly componentNames: ReadonlySet<string> | undefined;
  /** How the components file is named in a refusal. */
  readonly componentsFile: string;
  /** The time of the update (`--at`, else now); `undefined` for now. */
  readonly at: string | undefined;
  readonly now: Date;
}

/** What a command did: the notices to write, and the notice it wrote. */
export interface CommandResult {
  readonly notices: WrittenNotice[];
  readonly notice: WrittenNotice;
}

/** What a maintenance update says when `--text` is left out. */
const DEFAULT_MAINTENANCE_TEXT = {
  start: 'The maintenance has begun.',
  complete: 'The maintenance is complete.',
} as const;

/**
 * Applies one command to the notices, or throws `ArgumentError` naming the
 * argument and the reason: an unknown id or component, a state that does not
 * belong to the notice's kind or comes out of turn, an update dated before
 * the latest. Pure: the caller reads and writes the file.
 */
export function applyNoticeCommand(command: NoticeCommand, context: CommandContext): CommandResult {
  const at = updateTime(context);
  switch (command.kind) {
    case 'open': {
      const title = checkLabel('--title', command.title);
      const id = deriveNoticeId(command.id, { title, at, kind: 'incident' }, context.notices);
      const state = checkIncidentState(command.state ?? 'investigating', 'open');
      const { impact, names } = checkComponents(command.components, context.componentNames, context.componentsFile);
      const update = withImpact({ at, state, text: checkText('--text', command.text) }, impact);
      const notice: IncidentNotice = { id, title, components: names, kind: 'incident', state, updates: [update] };
      return { notices: [...context.notices, notice], notice };
    }
    case 'update': {
      const notice = openIncident(command.id, context);
      const state = checkIncidentState(requireArgument('--state', command.state), 'update');
      const { impact, names } = checkComponents(command.components, context.componentNames, context.componentsFile);
      const update = withImpact(
        { at: after(notice, at, context), state, text: checkText('--text', command.text) },
        impact,
      );
      const components =
        notice.components.length === 0
          ? []
          : [...notice.components, ...names.filter((name) => !notice.components.includes(name))];
      return replaced(context, { ...notice, components, state, updates: [...notice.updates, update] });
    }
    case 'resolve': {
      const notice = openIncident(command.id, context);
      const update = {
        at: after(notice, at, context),
        state: 'resolved' as const,
        text: checkText('--text', command.text),
      };
      return replaced(context, { ...notice, state: 'resolved', updates: [...notice.updates, update] });
    }
    case 'postmortem': {
      const notice = incident(command.id, context);
      if (notice.state !== 'resolved') {
        throw new ArgumentError(
          'ID',
          `${JSON.stringify(notice.id)} is ${notice.state}: a postmortem follows the resolution (notice resolve ${notice.id} first)`,
        );
      }
      const body = checkText('--file', command.text, MAX_POSTMORTEM_CHARS);
      return replaced(context, { ...notice, postmortem: { at: after(notice, at, context), text: body } });
    }
    case 'schedule': {
      const title = checkLabel('--title', command.title);
      const start = checkTimestamp('--start', command.start);
      const end = checkTimestamp('--end', command.end);
      // Named for the day it happens, not the day it was announced.
      const id = deriveNoticeId(command.id, { title, at: start, kind: 'maintenance' }, context.notices);
      if (Date.parse(end) <= Date.parse(start))
        throw new ArgumentError('--end', `${end} is not after --start ${start}`);
      const stated = command.components.find((component) => component.state !== undefined);
      if (stated !== undefined) {
        throw new ArgumentError(
          '--component',
          `${JSON.stringify(`${stated.name}=${stated.state}`)}: a maintenance puts its components under maintenance; name them without a state`,
        );
      }
      const declared = checkComponents(command.components, context.componentNames, context.componentsFile);
      const update = { at, state: 'scheduled' as const, text: checkText('--text', command.text) };
      const notice: MaintenanceNotice = {
        id,
        title,
        components: declared.names,
        kind: 'maintenance',
        state: 'scheduled',
        window: { start, end },
        updates: [update],
      };
      return { notices: [...context.notices, notice], notice };
    }
    case 'start':
    case 'complete': {
      const notice = maintenance(command.id, context);
      const state: MaintenanceNotice['state'] = command.kind === 'start' ? 'in_progress' : 'completed';
      const allowed = command.kind === 'start' ? ['scheduled'] : ['scheduled', 'in_progress'];
      if (!allowed.includes(notice.state)) {
        throw new ArgumentError('ID', `${JSON.stringify(notice.id)} is ${notice.state} already`);
      }
      const update = {
        at: after(notice, at, context),
        state,
        text: checkText('--text', command.text ?? DEFAULT_MAINTENANCE_TEXT[command.kind]),
      };
      return replaced(context, { ...notice, state, updates: [...notice.updates, update] });
    }
  }
}

/** `--at`, checked, or now to the second. */
function updateTime({ at, now }: CommandContext): string {
  return at === undefined ? formatTimestamp(now) : checkTimestamp('--at', at);
}

function find(id: string | undefined, { notices }: CommandContext): WrittenNotice {
  const found = notices.find((notice) => notice.id === requireArgument('ID', id));
  if (found === undefined) throw new ArgumentError('ID', `no notice ${JSON.stringify(id)} (notice list shows them)`);
  return found;
}

function incident(id: string | undefined, context: CommandContext): WrittenIncidentNotice {
  const found = find(id, context);
  if (found.kind !== 'incident') {
    throw new ArgumentError(
      'ID',
      `${JSON.stringify(found.id)} is a maintenance notice: use maintenance start or complete`,
    );
  }
  return found;
}

function openIncident(id: string | undefined, context: CommandContext): WrittenIncidentNotice {
  const found = incident(id, context);
  if (found.state === 'resolved') {
    throw new ArgumentError('ID', `${JSON.stringify(found.id)} is resolved: open a new notice rather than reopen it`);
  }
  return found;
}

function maintenance(id: string | undefined, context: CommandContext): MaintenanceNotice {
  const found = find(id, context);
  if (found.kind !== 'maintenance') {
    throw new ArgumentError('ID', `${JSON.stringify(found.id)} is an incident notice: use notice update or resolve`);
  }
  return found;
}

function withImpact<U extends Omit<IncidentUpdate, 'impact'>>(update: U, impact: Impact | undefined): IncidentUpdate {
  return impact === undefined ? update : { ...update, impact };
}

/**
 * `at`, unless it is before the notice's latest update: updates are in
 * order, and a file says so. A time not stated (`--at` left out) is never
 * refused: then the latest, which another operator's command, on a clock a
 * little ahead, may have written a moment before.
 */
function after(notice: Notice, at: string, { at: stated }: CommandContext): string {
  const latest = notice.updates.at(-1)?.at;
  if (latest !== undefined && Date.parse(at) < Date.parse(latest)) {
    if (stated === undefined) return latest;
    throw new ArgumentError('--at', `${at} is before the latest update of ${JSON.stringify(notice.id)} (${latest})`);
  }
  return at;
}

function replaced(context: CommandContext, notice: WrittenNotice): CommandResult {
  return { notices: context.notices.map((each) => (each.id === notice.id ? notice : each)), notice };
}
