import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { HeartbeatPush } from '../checks/check-context.js';
import { readOptionalDocument } from '../io/read-optional-document.js';
import { writeAtomically } from '../io/write-atomically.js';
import {
  type HeartbeatRecord,
  HeartbeatRecordSchema,
  type HeartbeatWatch,
  HeartbeatWatchSchema,
  MAX_PUSH_MESSAGE_CHARS,
} from '../schemas/heartbeat-record.js';
import { formatTimestamp } from '../schemas/service-status.js';

/** The directory of the pushes, inside the probe's state directory (shared by replicas). */
export const HEARTBEATS_DIR_NAME = 'heartbeats';
/** When the probe began watching each heartbeat component: `_` is in no slug, so no component's file is named so. */
const WATCH_FILE_NAME = '_watched.json';

/** `STATE_DIR/heartbeats`. */
export function heartbeatsDirOf(stateDir: string): string {
  return join(stateDir, HEARTBEATS_DIR_NAME);
}

/** The file of one component's last push: `STATE_DIR/heartbeats/{slug}.json`. */
export function heartbeatFileOf(stateDir: string, slug: string): string {
  return join(heartbeatsDirOf(stateDir), `${slug}.json`);
}

/**
 * Records a push as the component's last: one small file, replaced
 * atomically and flushed, so that the push survives a restart or a power
 * cut without the whole probe state written on every push. Every replica
 * writes here, to the directory they share, and the writer reads it. The
 * message is cut to `MAX_PUSH_MESSAGE_CHARS`.
 */
export async function writeHeartbeat(stateDir: string, slug: string, push: HeartbeatPush): Promise<void> {
  await mkdir(heartbeatsDirOf(stateDir), { recursive: true });
  const record: HeartbeatRecord = {
    version: 1,
    pushed_at: formatTimestamp(new Date(push.atMs)),
    ok: push.ok,
    message: push.message === null ? null : [...push.message].slice(0, MAX_PUSH_MESSAGE_CHARS).join(''),
  };
  await writeAtomically(heartbeatFileOf(stateDir, slug), `${JSON.stringify(record)}\n`);
}

/** A component's last push; `undefined` when none was recorded. Throws `InputError` for a file that is not a record. */
export async function readHeartbeat(stateDir: string, slug: string): Promise<HeartbeatPush | undefined> {
  const record = await readOptionalDocument(heartbeatFileOf(stateDir, slug), HeartbeatRecordSchema);
  if (record === undefined) return undefined;
  return { atMs: Date.parse(record.pushed_at), ok: record.ok, message: record.message };
}

/** When the probe began watching each component, by slug; empty when it never has (or the file is unreadable). */
export async function readWatched(stateDir: string): Promise<HeartbeatWatch['watched_since']> {
  const file = join(heartbeatsDirOf(stateDir), WATCH_FILE_NAME);
  const watch = await readOptionalDocument(file, HeartbeatWatchSchema);
  return watch?.watched_since ?? {};
}

/** Replaces the record of when the probe began watching each component. */
export async function writeWatched(stateDir: string, watchedSince: HeartbeatWatch['watched_since']): Promise<void> {
  await mkdir(heartbeatsDirOf(stateDir), { recursive: true });
  const watch: HeartbeatWatch = { version: 1, watched_since: watchedSince };
  await writeAtomically(join(heartbeatsDirOf(stateDir), WATCH_FILE_NAME), `${JSON.stringify(watch, null, 2)}\n`);
}
