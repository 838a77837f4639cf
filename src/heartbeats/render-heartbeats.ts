import type { ComponentOutcome } from '../cycle/decide-component.js';
import type { HeartbeatsDocument } from '../schemas/heartbeats-document.js';
import { formatTimestamp, type ServiceStatus } from '../schemas/service-status.js';

/**
 * The heartbeats document of a published cycle: each heartbeat component's
 * expectation and what its check read this cycle (the last push, or when a
 * component never heard from is first judged), so that the page can say
 * "waiting for its first heartbeat" rather than show a green it never
 * measured; with no heartbeat component, an empty list (published all the
 * same, so that the page learns there are none from a 200, not a 404). Pure.
 */
export function renderHeartbeats(
  components: readonly ComponentOutcome[],
  status: Pick<ServiceStatus, 'region' | 'updated_at'>,
): HeartbeatsDocument {
  const heartbeats = components.flatMap(({ name, checks }) =>
    checks.flatMap(({ check, result }) =>
      check.heartbeat === undefined
        ? []
        : [
            {
              name,
              every_seconds: check.heartbeat.everyMs / 1000,
              grace_seconds: check.heartbeat.graceMs / 1000,
              last_push_at: result.pushedAtMs === undefined ? null : formatTimestamp(new Date(result.pushedAtMs)),
              not_judged_until:
                result.notJudgedUntilMs === undefined ? null : formatTimestamp(new Date(result.notJudgedUntilMs)),
            },
          ],
    ),
  );
  return { version: 'v1', region: status.region, updated_at: status.updated_at, components: heartbeats };
}
