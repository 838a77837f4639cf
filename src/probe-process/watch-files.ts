import { type FSWatcher, watch } from 'node:fs';
import { basename, dirname } from 'node:path';

/** How long a burst of events about the watched files is gathered into one call (a replace is several). */
export const WATCH_SETTLE_MS = 50;

export interface FileWatch {
  close(): void;
}

/**
 * Calls `onChange` soon after any of `files` is written, replaced or
 * removed, once per burst of events (`WATCH_SETTLE_MS`). Watches each
 * file's directory, so a file replaced by a rename (`writeAtomically`, an
 * editor) or created later is seen too. Best effort: a directory that
 * cannot be watched (missing, or a file system without events) is left
 * unwatched, and whoever reads the files reads them on its schedule anyway.
 */
export function watchFiles(files: readonly string[], onChange: () => void): FileWatch {
  const byDirectory = new Map<string, Set<string>>();
  for (const file of files) {
    const names = byDirectory.get(dirname(file)) ?? new Set<string>();
    names.add(basename(file));
    byDirectory.set(dirname(file), names);
  }
  let timer: NodeJS.Timeout | undefined;
  const watchers: FSWatcher[] = [];
  for (const [directory, names] of byDirectory) {
    try {
      const watcher = watch(directory, { persistent: false }, (_event, name) => {
        // Without a name (some platforms) any event in the directory counts.
        if (name !== null && !names.has(name.toString())) return;
        clearTimeout(timer);
        timer = setTimeout(onChange, WATCH_SETTLE_MS);
      });
      watcher.on('error', () => watcher.close());
      watchers.push(watcher);
    } catch {
      // Unwatchable: read on the schedule only.
    }
  }
  return {
    close() {
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
    },
  };
}
