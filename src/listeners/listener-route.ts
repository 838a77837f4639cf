import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Refuses the request being handled, as its listener refuses its own: the
 * refusal logged and counted, `Connection: close`, and, with `limited`,
 * counted against the client's allowance of refusals (and `key`'s), past
 * which it is answered 429 instead.
 */
export type RefuseRequest = (refusal: {
  readonly status: number;
  readonly why: string;
  readonly outcome: 'unauthorized' | 'refused';
  readonly limited: boolean;
  readonly key?: string;
  readonly headers?: Record<string, string>;
}) => void;

/** Another path a small listener answers beside its own (the alerts' receiver beside the pushes). */
export interface ListenerRoute {
  /** The paths it answers start with this, e.g. `/alerts/`. */
  readonly prefix: `/${string}/`;
  handle(request: IncomingMessage, response: ServerResponse, refuse: RefuseRequest): Promise<void>;
}
