import { deriveNoticeId } from '../notices/command-arguments.js';
import { replaceForbiddenCharacters } from '../schemas/label.js';
import type { DeclaredState, WrittenNotice } from '../schemas/notice.js';
import { STATUS_LABELS } from '../schemas/state-labels.js';
import type { AlertGroup, AlertSource, GroupAlert } from './alert-group.js';

/** The longest title taken from a `summary`, in characters. */
const MAX_TITLE_CHARS = 200;
/** The longest text taken from a `description`, in characters (the notices file takes 10,000). */
const MAX_TEXT_CHARS = 2_000;

/** Each source as a notice's text names it. */
export const SOURCE_NAMES: Readonly<Record<AlertSource, string>> = {
  alertmanager: 'Alertmanager',
  grafana: 'Grafana',
};

/** Words from an alert as a label or a text takes them: no hidden characters, white space folded, cut short. */
function clean(text: string | undefined, maxChars: number, paragraphs: boolean): string | undefined {
  if (text === undefined) return undefined;
  const visible = replaceForbiddenCharacters(text, { paragraphs });
  const folded = paragraphs ? visible.replace(/[ \t]+\n/g, '\n').trim() : visible.replace(/\s+/g, ' ').trim();
  const chars = [...folded];
  const cut =
    chars.length > maxChars
      ? `${chars
          .slice(0, maxChars - 1)
          .join('')
          .trimEnd()}…`
      : folded;
  return cut === '' ? undefined : cut;
}

/** An annotation of the group (`commonAnnotations`), else of its first firing alert that has it. */
function annotation(group: AlertGroup, firing: readonly GroupAlert[], name: string): string | undefined {
  return (
    group.commonAnnotations[name] ?? firing.find((alert) => alert.annotations[name] !== undefined)?.annotations[name]
  );
}

/** A new notice's title and first text: the `summary` and `description` annotations, or words about the alerts. */
export function describeFiringGroup(
  group: AlertGroup,
  firing: readonly GroupAlert[],
): { readonly title: string; readonly text: string } {
  const names = [...new Set(firing.map((alert) => alert.labels.alertname ?? 'alert'))];
  const title =
    clean(annotation(group, firing, 'summary'), MAX_TITLE_CHARS, false) ??
    clean(`${names.join(', ')} firing`, MAX_TITLE_CHARS, false) ??
    'Alert firing';
  const text =
    clean(annotation(group, firing, 'description'), MAX_TEXT_CHARS, true) ??
    `${SOURCE_NAMES[group.source]} reports ${names.join(', ')} firing.`;
  return { title, text };
}

/** An update's text for what it declares: each component's new state, and those that recovered. */
export function describeImpactChange(source: AlertSource, impact: Readonly<Record<string, DeclaredState>>): string {
  const parts = Object.entries(impact).map(([name, state]) =>
    state === 'operational' ? `${name} recovered` : `${name}: ${STATUS_LABELS[state].toLowerCase()}`,
  );
  return `${SOURCE_NAMES[source]} reports ${parts.join('; ')}.`;
}

/** A resolution's text. */
export function describeResolution(source: AlertSource): string {
  return `${SOURCE_NAMES[source]} reports every alert of the group resolved.`;
}

/**
 * A new notice's id, derived from its title and day as `notice open` derives
 * one (`deriveNoticeId`), with `-2`, `-3`… when that is taken: an alert
 * never fails for want of a name.
 */
export function deriveAlertNoticeId(title: string, at: string, notices: readonly WrittenNotice[]): string {
  const taken = new Set(notices.map((notice) => notice.id));
  const derive = (from: string) => deriveNoticeId(undefined, { title: from, at, kind: 'incident' }, []);
  let base: string;
  try {
    base = derive(title);
  } catch {
    // A title such as "Window …" derives an id kept for the config's maintenance windows.
    base = derive(`alert ${title}`);
  }
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const id = `${base.slice(0, 64 - String(suffix).length - 1).replace(/-+$/, '')}-${suffix}`;
    if (!taken.has(id)) return id;
  }
}
