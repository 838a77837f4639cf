/**
 * Keeps V8's memory reducer working in the processes that run until stopped:
 * every command that waits for a signal (./wait-for-signal.ts starts it and
 * stops it at the first signal), that is `serve`, the probe sidecar, `start`,
 * `standins` and `demo-regions`; `probe --once` ends by itself and never waits.
 *
 * The memory reducer is the collector's part that, once a process goes
 * quiet, runs the full collections that compact the heap and give its freed
 * pages back. Since V8 13 (Node 24 and 26) it judges the allocation rate of
 * V8's C++ heap too, with no floor: a process that has never allocated there
 * reads as allocating at the highest rate, so the reducer never judges it
 * quiet and the heap stays at the size of its busiest moment. Node allocates
 * on that heap when `node:vm` compiles a script, so one tiny compile every
 * 30 s (the rate decays to nothing in about 110 s) gives the reducer back its
 * judgement, as on Node 22: a sidecar of 1,000 components on a 10 s schedule
 * held 89–91 MB private on average instead of 102–119, for a quarter to a
 * third more CPU a cycle (docs/benchmarks.md, V8's memory reducer on Node 24
 * and 26). `--memory-saver-mode` compacts too, but at every full collection:
 * two thirds more CPU a cycle at 1,000 components, and Node 22 refuses it.
 */
import { Script } from 'node:vm';

/** How often the C++ heap sees an allocation: well inside the ~110 s its rate takes to decay to zero. */
export const NUDGE_EVERY_MS = 30_000;

/** Compiles a one-token script now and every `NUDGE_EVERY_MS`, on a timer that never keeps the process alive. */
export function nudgeMemoryReducer(everyMs = NUDGE_EVERY_MS): () => void {
  const nudge = () => {
    new Script('undefined');
  };
  nudge();
  const timer = setInterval(nudge, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
