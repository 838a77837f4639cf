import type { MirrorReport } from '../object-store/public-dir-mirror.js';

/** How a cycle ended, for exit codes and tests. */
export type CycleReport =
  | {
      readonly published: true;
      readonly statusFile: string;
      /** How the upload to the bucket went, with `--publish`. */
      readonly upload?: MirrorReport;
    }
  | { readonly published: false; readonly why: 'offline' | 'write_failed' | 'aborted' | 'fenced' };
