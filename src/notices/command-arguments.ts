import { ArgumentError } from '../errors/argument-error.js';
import { describeForbiddenCharacter, LabelSchema } from '../schemas/label.js';
import {
  DECLARED_STATES,
  type Impact,
  INCIDENT_NOTICE_STATES,
  type IncidentUpdate,
  MAINTENANCE_NOTICE_STATES,
  type Notice,
  NoticeIdSchema,
} from '../schemas/notice.js';
import { TimestampSchema } from '../schemas/service-status.js';
import { WINDOW_NOTICE_ID_PREFIX } from './maintenance-notices.js';
import { matchComponentName, normalizeStateWords } from './match-component-name.js';

/** A component named on the command line (`--component NAME` or `--component NAME=STATE`). */
export interface NamedComponent {
  readonly name: string;
  /** The state it is declared in, as typed; none for a component only affected. */
  readonly state: string | undefined;
}

/** The longest text of an update, as the notices file takes it. */
const MAX_TEXT_CHARS = 10_000;
/** The longest part of a derived id taken from the title, leaving room for `-YYYY-MM-DD`. */
const MAX_TITLE_SLUG_CHARS = 53;

/** The value of an argument the command needs. */
export function requireArgument(argument: string, value: string | undefined): string {
  if (value === undefined) throw new ArgumentError(argument, 'is required');
  return value;
}

/** A time, UTC to the second, as the notices file writes it. */
export function checkTimestamp(argument: string, value: string | undefined): string {
  const parsed = TimestampSchema.safeParse(requireArgument(argument, value));
  if (!parsed.success) {
    throw new ArgumentError(argument, `${JSON.stringify(value)} ${parsed.error.issues[0]?.message ?? 'is not a time'}`);
  }
  return parsed.data;
}

/** A title: a label, as the notices file takes it. */
export function checkLabel(argument: string, value: string | undefined): string {
  const parsed = LabelSchema.safeParse(requireArgument(argument, value));
  if (!parsed.success) throw new ArgumentError(argument, parsed.error.issues[0]?.message ?? 'is not a label');
  return parsed.data;
}

/** Plain text, trimmed: not empty, at most `maxChars`. */
export function checkText(argument: string, value: string | undefined, maxChars = MAX_TEXT_CHARS): string {
  const trimmed = requireArgument(argument, value).trim();
  if (trimmed === '') throw new ArgumentError(argument, 'must not be empty');
  if (trimmed.length > maxChars) {
    throw new ArgumentError(argument, `is ${trimmed.length} characters long; at most ${maxChars}`);
  }
  const hidden = describeForbiddenCharacter(trimmed, { paragraphs: true });
  if (hidden !== undefined) throw new ArgumentError(argument, hidden);
  return trimmed;
}

/**
 * A new notice's id: `--id` checked, or derived from the title and a UTC day
 * (an incident's first update, a maintenance's start: `db-failover-2026-11-25`),
 * so the same command names the same notice and a second run is refused.
 */
export function deriveNoticeId(
  given: string | undefined,
  { title, at, kind }: { readonly title: string; readonly at: string; readonly kind: Notice['kind'] },
  notices: readonly Notice[],
): string {
  const slug = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_TITLE_SLUG_CHARS)
    .replace(/^-+|-+$/g, '');
  const id = given ?? `${slug === '' ? kind : slug}-${at.slice(0, 10)}`;
  const parsed = NoticeIdSchema.safeParse(id);
  if (!parsed.success) {
    throw new ArgumentError('--id', `${JSON.stringify(id)} ${parsed.error.issues[0]?.message ?? 'is not an id'}`);
  }
  if (id.startsWith(WINDOW_NOTICE_ID_PREFIX)) {
    throw new ArgumentError('--id', `must not start with "${WINDOW_NOTICE_ID_PREFIX}": kept for the config's windows`);
  }
  if (notices.some((notice) => notice.id === id)) {
    const how = given === undefined ? 'pass --id to name this one' : 'ids are never reused';
    throw new ArgumentError('--id', `${JSON.stringify(id)} is already a notice; ${how}`);
  }
  return id;
}

/** An incident's state for `open` or `update`: never `resolved` (that is `notice resolve`), never a maintenance state. */
export function checkIncidentState(
  value: string,
  command: 'open' | 'update',
): Exclude<IncidentUpdate['state'], 'resolved'> {
  if (value === 'resolved') {
    throw new ArgumentError('--state', '"resolved" is its own command: notice resolve ID --text TEXT');
  }
  const states = INCIDENT_NOTICE_STATES.filter((state) => state !== 'resolved');
  const state = states.find((each) => each === value);
  if (state !== undefined) return state;
  const kind = (MAINTENANCE_NOTICE_STATES as readonly string[]).includes(value) ? 'a maintenance state' : 'not a state';
  const verb = command === 'open' ? 'opens' : 'moves';
  throw new ArgumentError(
    '--state',
    `${JSON.stringify(value)} is ${kind}; an incident ${verb} as ${states.join(', ')}`,
  );
}

/**
 * The components named, checked against the components file: their names
 * (the notice affects them), and the states declared for those given one.
 * A name matches ignoring case and surrounding space (`matchComponentName`),
 * one that matches none is answered with the nearest ("did you mean
 * Registry?"); a state is taken as the page writes it too (`major outage`,
 * `Major-Outage`). A name that holds `=` is still a name: the whole of what
 * was given is tried first.
 */
export function checkComponents(
  components: readonly NamedComponent[],
  componentNames: ReadonlySet<string> | undefined,
  componentsFile: string,
): { readonly names: string[]; readonly impact: Impact | undefined } {
  const impact: Impact = {};
  const names: string[] = [];
  for (const component of components) {
    const given = component.state === undefined ? component.name : `${component.name}=${component.state}`;
    const shown = JSON.stringify(given);
    if (componentNames === undefined) {
      throw new ArgumentError('--component', `${shown}: ${componentsFile} was not found, so no name can be checked`);
    }
    const whole = component.state === undefined ? undefined : matchComponentName(given, componentNames);
    const { name: typed, state } = whole?.kind === 'found' ? { name: whole.name, state: undefined } : component;
    const match = matchComponentName(typed, componentNames);
    if (match.kind === 'missing') {
      const hint = match.suggestion === undefined ? '' : `; did you mean ${match.suggestion}?`;
      throw new ArgumentError(
        '--component',
        `${shown}: ${JSON.stringify(typed)} is not a component in ${componentsFile}${hint}`,
      );
    }
    const { name } = match;
    if (names.includes(name))
      throw new ArgumentError('--component', `${shown}: ${JSON.stringify(name)} is named twice`);
    names.push(name);
    if (state === undefined) continue;
    const normalized = normalizeStateWords(state);
    const declared = DECLARED_STATES.find((each) => each === normalized);
    if (declared === undefined) {
      const why = normalized === 'under_maintenance' ? '; maintenance is a maintenance notice' : '';
      throw new ArgumentError(
        '--component',
        `${shown}: ${JSON.stringify(state)} is not a state an incident declares (${DECLARED_STATES.join(', ')})${why}`,
      );
    }
    impact[name] = declared;
  }
  return { names, impact: Object.keys(impact).length === 0 ? undefined : impact };
}
