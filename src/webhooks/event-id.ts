import { createHash } from 'node:crypto';

/**
 * An event id derived from what the event is about, so that deciding the
 * same event twice (a replayed cycle, a notice seen again) gives the same id
 * and the queue refuses it.
 */
export function deriveEventId(...parts: readonly string[]): string {
  return `evt_${createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32)}`;
}
