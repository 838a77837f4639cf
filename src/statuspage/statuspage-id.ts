import { createHash } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const ID_LENGTH = 12;

/** What an id names; each kind hashes apart, so a group and a component of one name get different ids. */
export type StatuspageIdKind = 'page' | 'component' | 'group' | 'incident' | 'notice' | 'update';

/**
 * A Statuspage-like id (12 lowercase letters and digits) derived from a
 * name alone: no clock, host, database row or position goes in, so the id
 * never changes across restarts, hosts or rebuilt histories, and two
 * regions that watch a component of one name give it one id.
 */
export function statuspageId(kind: StatuspageIdKind, ...names: readonly string[]): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([kind, ...names]))
    .digest();
  let id = '';
  for (let index = 0; index < ID_LENGTH; index += 1) id += ALPHABET[(digest[index] ?? 0) % ALPHABET.length];
  return id;
}
