import type { Incident } from '../schemas/incidents.js';
import type { ServiceStatus } from '../schemas/service-status.js';
import { worstStatus } from '../schemas/status-value.js';
import type { StatuspageComponent, StatuspageMemberComponent } from '../schemas/statuspage/statuspage-component.js';
import type { ComponentDays } from './component-days.js';
import { componentTimes } from './component-times.js';
import { statuspageId } from './statuspage-id.js';

export interface ComponentsSource {
  readonly status: ServiceStatus;
  /** Each component's group, by component name (`components[].group`); absent: not grouped. */
  readonly groups: ReadonlyMap<string, string>;
  readonly uptime: ComponentDays | undefined;
  readonly incidents: readonly Incident[];
  readonly pageId: string;
}

export interface RenderedComponents {
  /** Page order: each top-level entry, a group followed by its components. */
  readonly list: readonly StatuspageComponent[];
  /** Each checked component by name, for the incidents that name it. */
  readonly byName: ReadonlyMap<string, StatuspageMemberComponent>;
}

type TopLevel =
  | { readonly kind: 'component'; readonly name: string }
  | { readonly kind: 'group'; readonly name: string; readonly members: string[] };

/**
 * The Statuspage components: one per component of the status, in its order,
 * with a group component wherever a group first appears, holding its
 * components (positions count from 1 on the page, and from 1 inside each
 * group). A group's state is its components' worst; its times are their
 * earliest creation and latest change.
 */
export function renderStatuspageComponents(source: ComponentsSource): RenderedComponents {
  const { status, groups, pageId } = source;
  const top: TopLevel[] = [];
  const groupEntries = new Map<string, string[]>();
  for (const { name } of status.components) {
    const group = groups.get(name);
    if (group === undefined) {
      top.push({ kind: 'component', name });
      continue;
    }
    const members = groupEntries.get(group);
    if (members !== undefined) members.push(name);
    else {
      const created = [name];
      groupEntries.set(group, created);
      top.push({ kind: 'group', name: group, members: created });
    }
  }

  // Looked up by name once, not scanned for each of (at 1,000 components) a thousand members.
  const states = firstByName(status.components, (component) => component.status);
  const days = firstByName(source.uptime?.components ?? [], (component) => component.days);
  const incidents = new Map<string, Incident[]>();
  for (const incident of source.incidents) {
    const list = incidents.get(incident.component);
    if (list === undefined) incidents.set(incident.component, [incident]);
    else list.push(incident);
  }
  const byName = new Map<string, StatuspageMemberComponent>();
  const member = (name: string, position: number, groupId: string | null): StatuspageMemberComponent => {
    const component: StatuspageMemberComponent = {
      id: statuspageId('component', name),
      name,
      status: states.get(name) ?? 'operational',
      ...componentTimes(source.uptime?.first_day, days.get(name), incidents.get(name) ?? [], status.updated_at),
      position,
      description: null,
      showcase: true,
      start_date: null,
      group_id: groupId,
      page_id: pageId,
      group: false,
      only_show_if_degraded: false,
    };
    byName.set(name, component);
    return component;
  };

  const list: StatuspageComponent[] = [];
  top.forEach((entry, index) => {
    if (entry.kind === 'component') {
      list.push(member(entry.name, index + 1, null));
      return;
    }
    const groupId = statuspageId('group', entry.name);
    const members = entry.members.map((name, memberIndex) => member(name, memberIndex + 1, groupId));
    list.push({
      id: groupId,
      name: entry.name,
      status: worstStatus(members.map((component) => component.status)),
      created_at: members.map((component) => component.created_at).sort()[0] ?? status.updated_at,
      updated_at:
        members
          .map((component) => component.updated_at)
          .sort()
          .at(-1) ?? status.updated_at,
      position: index + 1,
      description: null,
      showcase: true,
      start_date: null,
      group_id: null,
      page_id: pageId,
      group: true,
      only_show_if_degraded: false,
      components: members.map((component) => component.id),
    });
    list.push(...members);
  });
  return { list, byName };
}

/** Each name's value from its first entry, as `find` by name would give it. */
function firstByName<T extends { readonly name: string }, V>(entries: readonly T[], value: (entry: T) => V) {
  const byName = new Map<string, V>();
  for (const entry of entries) if (!byName.has(entry.name)) byName.set(entry.name, value(entry));
  return byName;
}
