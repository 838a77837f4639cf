import type { LookupFunction } from 'node:net';
import type { ResolveHost } from './resolve-host.js';

/**
 * A `lookup` for Node's sockets (HTTP or plain TCP) that asks `resolveHost`,
 * so every kind of check resolves names the same way. `onLookup` is told
 * when the lookup starts and `onResolved` when it answers, for the phase the
 * check reports; aborting `signal` ends a lookup still running.
 */
export function trackLookup(
  resolveHost: ResolveHost,
  signal: AbortSignal,
  onLookup: () => void,
  onResolved: () => void,
): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    onLookup();
    resolveHost(hostname, signal).then(
      (found) => {
        onResolved();
        const family = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : undefined;
        const addresses = found.filter((address) => family === undefined || address.family === family);
        const [first] = addresses;
        if (first === undefined) callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '');
        else if (lookupOptions.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}
