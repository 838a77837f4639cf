import type { DeclaredState, IncidentNotice } from '../schemas/notice.js';

/** One component an update changed the declaration of: from what it declared before, to what it declares now. */
export interface ImpactChange {
  readonly name: string;
  readonly from: DeclaredState;
  readonly to: DeclaredState;
}

/**
 * What each update of an incident notice changed in its declaration, in the
 * order of its updates (`null` for one that declared nothing): a component
 * named by an update moves from what the updates before it declared
 * (`operational` when none did) to the new state, and the resolution lifts
 * every declaration still in force, back to `operational`. Pure: what
 * Statuspage's `affected_components` show.
 */
export function listImpactChanges(notice: IncidentNotice): (readonly ImpactChange[] | null)[] {
  const declared = new Map<string, DeclaredState>();
  return notice.updates.map((update) => {
    const changes: ImpactChange[] = [];
    for (const [name, to] of Object.entries(update.impact ?? {})) {
      const from = declared.get(name) ?? 'operational';
      declared.set(name, to);
      if (from !== to) changes.push({ name, from, to });
    }
    if (update.state === 'resolved') {
      for (const [name, from] of declared) {
        if (from !== 'operational' && !changes.some((change) => change.name === name)) {
          changes.push({ name, from, to: 'operational' });
        }
        declared.set(name, 'operational');
      }
    }
    return update.impact === undefined && changes.length === 0 ? null : changes;
  });
}

/**
 * The declaration in force: each component's state as the latest update
 * naming it declared; none once the notice is resolved.
 */
export function currentImpact(notice: IncidentNotice): ReadonlyMap<string, DeclaredState> {
  if (notice.state === 'resolved') return new Map();
  const declared = new Map<string, DeclaredState>();
  for (const update of notice.updates) {
    for (const [name, state] of Object.entries(update.impact ?? {})) declared.set(name, state);
  }
  return declared;
}

/** Every state the notice ever declared, `operational` aside: what its impact rests on. */
export function everDeclared(notice: IncidentNotice): DeclaredState[] {
  return notice.updates.flatMap((update) => Object.values(update.impact ?? {}));
}
