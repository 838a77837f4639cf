import type { Stats } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileIdentity } from '../io/read-regular-file.js';
import { SETTLE_MS } from './settled-version.js';

/**
 * Whether the version of a file with `identity`, first seen at `seenAtMs`,
 * is still there `SETTLE_MS` later: waits out the rest, then looks again
 * with `look`. Its ctime alone cannot vouch for it: while a truncation is
 * under way the kernel shows the new size with the old times, for as long as
 * the writer is held up (tens of milliseconds on a loaded machine), so a
 * file emptied for a rewrite can look as old as the version before it.
 */
export async function confirmVersion(identity: string, seenAtMs: number, look: () => Promise<Stats>): Promise<boolean> {
  const wait = seenAtMs + SETTLE_MS - Date.now();
  if (wait > 0) await sleep(wait);
  const stats = await look().catch(() => undefined);
  return stats !== undefined && fileIdentity(stats) === identity;
}
