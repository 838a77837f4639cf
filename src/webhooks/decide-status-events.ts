import type { StatusValue } from '../schemas/status-value.js';
import { deriveEventId } from './event-id.js';
import type { WebhookEvent } from './webhook-event.js';

/** A component as a published cycle left it: the state published before and the one published now. */
export interface PublishedChange {
  readonly name: string;
  /** `undefined` on the first observation: nothing changed, nothing to announce. */
  readonly before: StatusValue | undefined;
  readonly after: StatusValue;
  /** Why it is in that state, in words, when known beyond the state (`certificate expires …`). */
  readonly reason?: string | undefined;
}

export interface StatusEventInput {
  readonly region: { readonly code: string; readonly name: string };
  readonly components: readonly PublishedChange[];
  /** The status document's `updated_at`. */
  readonly at: string;
}

/**
 * One event per component whose *published* state changed in this cycle.
 * Flapping protection has already run: a change it holds back is not
 * published, so it is not announced either. A reason, when given, travels
 * with the event: a certificate entering its warning window is a change to
 * `degraded_performance` whose reason says so, not an event of its own. Pure.
 */
export function decideStatusEvents({ region, components, at }: StatusEventInput): WebhookEvent[] {
  return components.flatMap(({ name, before, after, reason }) =>
    before === undefined || before === after
      ? []
      : [
          {
            id: deriveEventId('component.status_changed', region.code, name, before, after, at),
            type: 'component.status_changed' as const,
            created_at: at,
            region: { code: region.code, name: region.name },
            component: name,
            from: before,
            to: after,
            ...(reason === undefined ? {} : { reason }),
          },
        ],
  );
}
