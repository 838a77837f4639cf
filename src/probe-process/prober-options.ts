import type { CycleReport } from '../cycle/cycle-report.js';
import type { ProbeObserver } from '../cycle/probe-observer.js';
import type { CheckFunction, FetchPeersFunction } from '../cycle/run-cycle.js';
import type { ProbeLog } from '../log/probe-log.js';
import type { NoticesSource } from '../notices/notices-source.js';
import type { PublicDirWriter } from '../public-dir/public-dir-writer.js';
import type { WriterLease } from '../public-dir/writer-lock.js';
import type { ProbeSettings } from '../settings/probe-settings.js';
import type { Subscriptions } from '../subscriptions/create-subscriptions.js';

export interface ProberOptions {
  readonly settings: ProbeSettings;
  /**
   * The served directory's writer: the status goes to `DIR/api/v1/status`,
   * with siblings under `--precompress`, and to the bucket under `--publish`.
   * Closed with the prober.
   */
  readonly publicDir: PublicDirWriter;
  /** The flapping-protection memory, kept outside `publicDir`. */
  readonly stateFile: string;
  /** The history database (`.state/history.sqlite` from the CLI), kept outside `publicDir`; left out, no history is kept. */
  readonly historyFile?: string;
  readonly log?: ProbeLog;
  /**
   * Where the notices come from, read before every cycle: their declared
   * states and maintenance apply to it, and the publish steps publish them
   * with it. The team's file (`fileNoticesSource`) is then published as
   * `/api/v1/notices` by this probe; left out, the document the build
   * published there is read and left alone.
   */
  readonly notices?: NoticesSource | undefined;
  readonly check?: CheckFunction;
  readonly fetchPeers?: FetchPeersFunction;
  readonly now?: (() => Date) | undefined;
  /**
   * The feed, the webhooks and Statuspage's documents: publish steps after
   * every published cycle (`composePublishSteps`), which must do only quick
   * local work, since the cycle waits for them. The caller runs the deliverer.
   */
  readonly subscriptions?: Subscriptions;
  /**
   * The state directory's writer lock, held by this probe. Read after the
   * checks and before anything is written (`stillHeld`), and asked from
   * memory just before each file is replaced, in the public directory and
   * the state directory, and before each history transaction (`holds`):
   * once it no longer holds, the cycle writes nothing more and reports
   * `fenced`. Left out, every write is made.
   */
  readonly lease?: WriterLease;
  /** Told of every cycle's end and of the history's write time (the probe's metrics). */
  readonly observer?: ProbeObserver;
  /** A monotonic clock in milliseconds: how long the history takes to write. */
  readonly clock?: () => number;
}

/** The probe's process around its cycles (`createProber`). */
export interface Prober {
  readonly statusFile: string;
  /** `/api/v1/observations`, written after the status in every published cycle. */
  readonly observationsFile: string;
  /**
   * Runs one cycle: probe, decide, publish the status atomically, remember
   * the state, log. Never throws for anything a component or the disk does.
   * Not reentrant: the caller runs one cycle at a time.
   */
  runCycle(signal?: AbortSignal): Promise<CycleReport>;
  /** Closes the history database, if any, and the bucket's connections; call once no cycle is running. */
  close(): void;
}
