import type { Incident } from '../schemas/incidents.js';
import type { Notice } from '../schemas/notice.js';
import type { StatusValue } from '../schemas/status-value.js';

/** What a component's since-when is read from: the published history and notices. */
export interface SinceSources {
  /** `/api/v1/incidents`' incidents, newest first; `undefined` where no history is kept. */
  readonly incidents: readonly Incident[] | undefined;
  readonly notices: readonly Notice[];
}

/**
 * Since when a component has been in its published state, as the published
 * documents tell it: under maintenance, since the start of the maintenance
 * in progress that names it (or the whole platform); in any other state
 * short of operational, since its open incident started; operational, since
 * its last incident was resolved. `undefined` when they do not tell (no
 * history kept, or no incident yet). One rule for `status.md` and the MCP
 * tools, which read the same documents. Pure.
 */
export function componentSince(
  name: string,
  state: StatusValue,
  { incidents, notices }: SinceSources,
): string | undefined {
  if (state === 'under_maintenance') {
    const maintenance = notices.find(
      (notice) =>
        notice.kind === 'maintenance' &&
        notice.state === 'in_progress' &&
        (notice.components.length === 0 || notice.components.includes(name)),
    );
    return maintenance?.kind === 'maintenance' ? maintenance.window.start : undefined;
  }
  const own = (incidents ?? []).filter((incident) => incident.component === name);
  if (state === 'operational') {
    const resolved = own.map((incident) => incident.resolved_at).filter((at) => at !== null);
    return resolved.sort().at(-1);
  }
  return own.find((incident) => incident.resolved_at === null)?.started_at;
}
