import { execFile } from 'node:child_process';
import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { promisify } from 'node:util';

/** Resolves a host name to its addresses; aborting `signal` must end the lookup at once. */
export type ResolveHost = (hostname: string, signal: AbortSignal) => Promise<readonly LookupAddress[]>;

const execFileAsync = promisify(execFile);

/** `getent`'s exit status for a name that does not exist. */
const GETENT_NOT_FOUND = 2;

/**
 * The system resolver (NSS: `/etc/hosts`, DNS with the search domains of
 * `/etc/resolv.conf`, whatever else the host configures), asked through
 * `getent ahosts` in a child process that the signal kills. Not
 * `dns.lookup`: its `getaddrinfo` runs in libuv's thread pool, where a
 * resolver that never answers cannot be cancelled: it holds a pool thread
 * (four of them stall every file write) and it holds the process at exit for
 * the resolver's whole timeout, whatever the probe's deadline said. Where
 * `getent` is missing, falls back to `dns.lookup`.
 */
export const resolveHostWithSystem: ResolveHost = async (hostname, signal) => {
  let stdout: string;
  try {
    ({ stdout } = await execFileAsync('getent', ['ahosts', '--', hostname], { signal, encoding: 'utf8' }));
  } catch (error) {
    if (hasCode(error, 'ENOENT')) return lookup(hostname, { all: true });
    if (hasCode(error, GETENT_NOT_FOUND)) throw notFound(hostname);
    throw error;
  }
  const addresses = parseGetentHosts(stdout);
  if (addresses.length === 0) throw notFound(hostname);
  return addresses;
};

/** The distinct addresses of `getent ahosts` output (`ADDRESS  STREAM|DGRAM|RAW  [NAME]`), in its order. */
export function parseGetentHosts(output: string): LookupAddress[] {
  const seen = new Set<string>();
  const addresses: LookupAddress[] = [];
  for (const line of output.split('\n')) {
    const [address] = line.trim().split(/\s+/);
    if (address === undefined || seen.has(address)) continue;
    const family = isIP(address);
    if (family === 0) continue;
    seen.add(address);
    addresses.push({ address, family });
  }
  return addresses;
}

function notFound(hostname: string): Error {
  return Object.assign(new Error(`${hostname} does not resolve`), { code: 'ENOTFOUND' });
}

function hasCode(error: unknown, code: string | number): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}
