import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { describeCodedError, errorCode, errorKey } from '../errors/describe-error.js';
import { WriterFencedError } from '../errors/writer-fenced-error.js';
import { displayPath } from '../io/display-path.js';
import { checkFence, type WriteFence } from '../io/write-fence.js';
import { createConditionLog } from '../log/condition-log.js';
import type { ProbeLog } from '../log/probe-log.js';
import { formatTimestamp } from '../schemas/service-status.js';
import type { HistoryStore } from './history-store.js';

export interface HistoryStoreKeeperOptions {
  readonly file: string;
  readonly open: (file: string) => HistoryStore;
  readonly now: () => Date;
  readonly log: ProbeLog;
  /** The writer lock's lease: asked before each use, and the store claimed for it when opened. */
  readonly fence?: WriteFence | undefined;
}

/** The history's store as the probe holds it: opened on first use, reopened after a failure. */
export interface HistoryStoreKeeper {
  /**
   * Runs `action` on the store, opening it first when needed; true when it
   * ran. Never throws: a failure is logged when it starts, changes and ends
   * (`createConditionLog`), and the store is reopened next time; a corrupt
   * file is moved aside as `FILE.corrupt-<time>` and a new one started; a
   * fence that no longer holds returns false and logs nothing.
   */
  withStore(action: (store: HistoryStore) => void): Promise<boolean>;
  /** The store while it is open. */
  current(): HistoryStore | undefined;
  close(): void;
}

export function createHistoryStoreKeeper({
  file,
  open,
  now,
  log,
  fence,
}: HistoryStoreKeeperOptions): HistoryStoreKeeper {
  let store: HistoryStore | undefined;
  const recording = createConditionLog({ log, now });

  function close(): void {
    store?.close();
    store = undefined;
  }

  async function setAside(error: unknown): Promise<void> {
    close();
    const aside = `${file}.corrupt-${formatTimestamp(now()).replace(/[-:]/g, '')}`;
    try {
      await rename(file, aside);
      await rename(`${file}-wal`, `${aside}-wal`).catch(() => undefined);
      await rm(`${file}-shm`, { force: true });
      log.error(
        `history: ${displayPath(file)} is corrupt (${describeCodedError(error)}); moved it aside to ${displayPath(aside)} and started a new history`,
      );
    } catch (renameError) {
      recording.holds(
        'aside',
        `history: ${displayPath(file)} is corrupt and could not be moved aside: ${describeCodedError(renameError)}`,
      );
    }
  }

  async function opened(): Promise<HistoryStore> {
    if (store !== undefined) return store;
    await mkdir(dirname(file), { recursive: true });
    const fresh = open(file);
    try {
      if (fence !== undefined) {
        mayWrite();
        fresh.claimWriter();
      }
    } catch (error) {
      fresh.close();
      throw error;
    }
    store = fresh;
    return fresh;
  }

  function mayWrite(): void {
    checkFence(fence, () => `the history record in ${displayPath(file)}`);
  }

  return {
    async withStore(action) {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        try {
          const current = await opened();
          mayWrite();
          action(current);
          recording.clear(`history: recording again in ${displayPath(file)}`);
          return true;
        } catch (error) {
          // Not a failure of the history: this probe stops writing, and says so once, elsewhere.
          if (error instanceof WriterFencedError) return false;
          if (attempt === 0 && isCorruption(error)) {
            await setAside(error);
            continue;
          }
          // Reopened next cycle: a lock released, space freed or permissions fixed are then picked up.
          close();
          recording.holds(
            errorKey(error),
            `history: could not record this cycle in ${displayPath(file)}: ${describeCodedError(error)}; the status is published without it, and the history is tried again each cycle`,
          );
          return false;
        }
      }
      return false;
    },
    current: () => store,
    close,
  };
}

/** SQLite's codes for a damaged file: `SQLITE_CORRUPT*`, `SQLITE_NOTADB`. */
export function isCorruption(error: unknown): boolean {
  const code = errorCode(error);
  return code !== undefined && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB');
}
