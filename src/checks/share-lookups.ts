import type { LookupAddress } from 'node:dns';
import type { ResolveHost } from './resolve-host.js';

interface SharedLookup {
  readonly controller: AbortController;
  readonly answer: Promise<readonly LookupAddress[]>;
  waiting: number;
  settled: boolean;
}

/**
 * A resolver that looks each host name up once for as long as it is kept
 * (the probe keeps one per cycle): every check of the cycle that names the
 * same host waits for the same lookup, where each used to start its own
 * (with `getent`, a process per check). An answer, or a failure such as an
 * unknown name, stands for the rest of the cycle; the next cycle asks again.
 *
 * Each caller still waits only as long as its own signal allows. The shared
 * lookup is cancelled once every caller waiting for it has given up, and a
 * lookup cancelled that way is forgotten, so a later caller starts afresh.
 */
export function shareLookups(resolve: ResolveHost): ResolveHost {
  const lookups = new Map<string, SharedLookup>();

  function start(hostname: string): SharedLookup {
    const controller = new AbortController();
    const shared: SharedLookup = {
      controller,
      answer: resolve(hostname, controller.signal),
      waiting: 0,
      settled: false,
    };
    const settle = () => {
      shared.settled = true;
      if (controller.signal.aborted && lookups.get(hostname) === shared) lookups.delete(hostname);
    };
    shared.answer.then(settle, settle);
    lookups.set(hostname, shared);
    return shared;
  }

  return (hostname, signal) => {
    if (signal.aborted) return Promise.reject(signal.reason);
    const existing = lookups.get(hostname);
    const shared = existing === undefined || existing.controller.signal.aborted ? start(hostname) : existing;
    shared.waiting += 1;
    return new Promise((resolveWait, rejectWait) => {
      let left = false;
      /** Stops waiting, once: whichever comes first of the answer and the caller's signal. */
      const leave = (): boolean => {
        if (left) return false;
        left = true;
        signal.removeEventListener('abort', giveUp);
        shared.waiting -= 1;
        return true;
      };
      const giveUp = () => {
        if (!leave()) return;
        if (shared.waiting === 0 && !shared.settled) shared.controller.abort(signal.reason);
        rejectWait(signal.reason);
      };
      signal.addEventListener('abort', giveUp, { once: true });
      shared.answer.then(
        (addresses) => {
          if (leave()) resolveWait(addresses);
        },
        (error: unknown) => {
          if (leave()) rejectWait(error);
        },
      );
    });
  };
}
