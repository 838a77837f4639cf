import { readWallClock, wallClockAsUtcMs } from '../time/zoned-wall-clock.js';
import { formatIcsLocal, formatIcsUtc } from './ics-lines.js';

const DAY_MS = 86_400_000;

/** One change of a zone's offset from UTC: the instant, and the offsets before and after. */
interface Transition {
  readonly atMs: number;
  readonly fromMs: number;
  readonly toMs: number;
}

function offsetAt(ms: number, timeZone: string): number {
  return wallClockAsUtcMs(readWallClock(ms, timeZone)) - ms;
}

/** The changes of offset between the two instants, each to the second (`Intl` knows them; we only ask it). */
function listTransitions(timeZone: string, fromMs: number, toMs: number): Transition[] {
  const transitions: Transition[] = [];
  let previous = offsetAt(fromMs, timeZone);
  for (let dayMs = fromMs + DAY_MS; dayMs <= toMs; dayMs += DAY_MS) {
    const offset = offsetAt(dayMs, timeZone);
    if (offset === previous) continue;
    // The first second of the day before whose offset is the new one.
    let low = dayMs - DAY_MS;
    let high = dayMs;
    while (high - low > 1000) {
      const middle = low + Math.floor((high - low) / 2000) * 1000;
      if (offsetAt(middle, timeZone) === previous) low = middle;
      else high = middle;
    }
    transitions.push({ atMs: high, fromMs: previous, toMs: offset });
    previous = offset;
  }
  return transitions;
}

/** An offset as RFC 5545's UTC-OFFSET (§3.3.14): `+0100`, `-0330`, `+053328`. */
function formatOffset(offsetMs: number): string {
  const sign = offsetMs < 0 ? '-' : '+';
  const seconds = Math.abs(offsetMs) / 1000;
  const hours = String(Math.floor(seconds / 3600)).padStart(2, '0');
  const minutes = String(Math.floor((seconds % 3600) / 60)).padStart(2, '0');
  const rest = seconds % 60;
  return `${sign}${hours}${minutes}${rest === 0 ? '' : String(rest).padStart(2, '0')}`;
}

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/** One kind of change (to daylight or standard time, between the same two offsets) and every onset of it. */
interface Observance {
  readonly kind: 'STANDARD' | 'DAYLIGHT';
  readonly fromMs: number;
  readonly toMs: number;
  /** Each onset as local time read with the offset before it (`wallClockAsUtcMs`), in order. */
  readonly onsets: number[];
}

/**
 * The yearly rule that gives every onset, once a year with none missed, as
 * DST rules are written ("the last Sunday of March at 02:00"): `BYMONTH`
 * and an nth or last `BYDAY`, at one time of day. `undefined` when there is
 * none (a zone whose changes follow no such rule).
 */
function yearlyRule(onsets: readonly number[]): string | undefined {
  const dates = onsets.map((ms) => new Date(ms));
  const [first] = dates;
  if (first === undefined || onsets.length < 2) return undefined;
  const lastDayOf = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  const candidates = [`${Math.ceil(first.getUTCDate() / 7)}`, '-1'].filter(
    (ordinal) => ordinal !== '5' && (ordinal !== '-1' || first.getUTCDate() + 7 > lastDayOf(first)),
  );
  const timeOfDay = (date: Date) => date.getTime() % DAY_MS;
  const fits = (ordinal: string) =>
    dates.every(
      (date, index) =>
        date.getUTCFullYear() === first.getUTCFullYear() + index &&
        date.getUTCMonth() === first.getUTCMonth() &&
        date.getUTCDay() === first.getUTCDay() &&
        timeOfDay(date) === timeOfDay(first) &&
        (ordinal === '-1'
          ? date.getUTCDate() + 7 > lastDayOf(date)
          : Math.ceil(date.getUTCDate() / 7) === Number(ordinal)),
    );
  const ordinal = candidates.find(fits);
  if (ordinal === undefined) return undefined;
  return `FREQ=YEARLY;BYMONTH=${first.getUTCMonth() + 1};BYDAY=${ordinal}${WEEKDAYS[first.getUTCDay()]}`;
}

function observanceLines({ kind, fromMs, toMs, onsets }: Observance, lastYear: number): string[] {
  const offsets = [`TZOFFSETFROM:${formatOffset(fromMs)}`, `TZOFFSETTO:${formatOffset(toMs)}`];
  const rule = yearlyRule(onsets);
  const first = onsets[0] ?? 0;
  const last = onsets.at(-1) ?? first;
  if (rule !== undefined) {
    // A rule still in force at the end of the years listed goes on; one that stopped says until when.
    const until = new Date(last).getUTCFullYear() < lastYear ? `;UNTIL=${formatIcsUtc(last - fromMs)}` : '';
    return [`BEGIN:${kind}`, `DTSTART:${formatIcsLocal(first)}`, `RRULE:${rule}${until}`, ...offsets, `END:${kind}`];
  }
  return onsets.flatMap((onset) => [`BEGIN:${kind}`, `DTSTART:${formatIcsLocal(onset)}`, ...offsets, `END:${kind}`]);
}

const cache = new Map<string, readonly string[]>();

/**
 * The VTIMEZONE component (RFC 5545 §3.6.5) of an IANA zone, from the
 * runtime's own zone data, for the years `fromYear` to `toYear`: its offset
 * before them, then its changes, as yearly rules where they follow one ("the
 * last Sunday of March"), which go on past `toYear`, else one observance per
 * change. A calendar naming a TZID must carry one; a client then reads the
 * events' wall-clock times as the zone's clocks do, daylight saving and
 * all. Pure (memoised per zone and years).
 */
export function renderTimeZoneComponent(timeZone: string, fromYear: number, toYear: number): readonly string[] {
  const key = `${timeZone}\n${fromYear}\n${toYear}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const fromMs = Date.UTC(fromYear, 0, 1);
  const transitions = listTransitions(timeZone, fromMs, Date.UTC(toYear + 1, 0, 1));
  const initial = offsetAt(fromMs, timeZone);
  const observances = new Map<string, Observance>();
  for (const transition of transitions) {
    const kind = transition.toMs > transition.fromMs ? 'DAYLIGHT' : 'STANDARD';
    const groupKey = `${kind} ${transition.fromMs} ${transition.toMs}`;
    const observance = observances.get(groupKey) ?? {
      kind,
      fromMs: transition.fromMs,
      toMs: transition.toMs,
      onsets: [],
    };
    // An observance's onset is local time, read with the offset before it.
    observance.onsets.push(transition.atMs + transition.fromMs);
    observances.set(groupKey, observance);
  }
  // The offset the zone had before the years listed, from long before any event.
  const before: Observance = {
    kind: transitions[0] !== undefined && transitions[0].toMs < initial ? 'DAYLIGHT' : 'STANDARD',
    fromMs: initial,
    toMs: initial,
    onsets: [0],
  };
  const lines = [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    ...[before, ...observances.values()].flatMap((observance) => observanceLines(observance, toYear)),
    'END:VTIMEZONE',
  ];
  cache.set(key, lines);
  return lines;
}
