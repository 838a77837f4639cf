/** How a cycle ended, for exit codes and tests. */
export type CycleReport =
  | { readonly published: true; readonly statusFile: string }
  | { readonly published: false; readonly why: 'offline' | 'write_failed' | 'aborted' | 'fenced' };
