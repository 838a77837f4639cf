import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import type { ResolveHost } from '../../../src/checks/resolve-host.js';
import { shareLookups } from '../../../src/checks/share-lookups.js';

const LOOPBACK: readonly LookupAddress[] = [{ address: '127.0.0.1', family: 4 }];

/** A resolver whose lookups the test answers by hand, recording each one and whether it was cancelled. */
function manualResolver() {
  const lookups: {
    hostname: string;
    signal: AbortSignal;
    answer(addresses: readonly LookupAddress[]): void;
    fail(error: Error): void;
  }[] = [];
  const resolve: ResolveHost = (hostname, signal) =>
    new Promise((answer, fail) => {
      lookups.push({ hostname, signal, answer, fail });
      signal.addEventListener('abort', () => fail(signal.reason), { once: true });
    });
  return { resolve, lookups };
}

const open = () => new AbortController().signal;

describe('shareLookups', () => {
  it('asks once for every caller of the same name, and once per name', async () => {
    const { resolve, lookups } = manualResolver();
    const shared = shareLookups(resolve);
    const waits = [shared('api.example', open()), shared('api.example', open()), shared('db.example', open())];
    expect(lookups.map((lookup) => lookup.hostname)).toEqual(['api.example', 'db.example']);
    for (const lookup of lookups) lookup.answer(LOOPBACK);
    await expect(Promise.all(waits)).resolves.toEqual([LOOPBACK, LOOPBACK, LOOPBACK]);
  });

  it('keeps an answer, or a failure, for later callers without asking again', async () => {
    const { resolve, lookups } = manualResolver();
    const shared = shareLookups(resolve);
    const first = shared('api.example', open());
    const missing = shared('nowhere.example', open());
    lookups[0]?.answer(LOOPBACK);
    lookups[1]?.fail(Object.assign(new Error('nowhere.example does not resolve'), { code: 'ENOTFOUND' }));
    await first;
    await expect(missing).rejects.toThrow('does not resolve');
    await expect(shared('api.example', open())).resolves.toEqual(LOOPBACK);
    await expect(shared('nowhere.example', open())).rejects.toThrow('does not resolve');
    expect(lookups).toHaveLength(2);
  });

  it('lets one caller give up without cancelling the lookup another still waits for', async () => {
    const { resolve, lookups } = manualResolver();
    const shared = shareLookups(resolve);
    const impatient = new AbortController();
    const short = shared('api.example', impatient.signal);
    const long = shared('api.example', open());
    impatient.abort(new Error('deadline'));
    await expect(short).rejects.toThrow('deadline');
    expect(lookups[0]?.signal.aborted).toBe(false);
    lookups[0]?.answer(LOOPBACK);
    await expect(long).resolves.toEqual(LOOPBACK);
  });

  it('cancels the lookup once every caller has given up, and starts afresh for the next one', async () => {
    const { resolve, lookups } = manualResolver();
    const shared = shareLookups(resolve);
    const callers = [new AbortController(), new AbortController()];
    const waits = callers.map((caller) => shared('hanging.example', caller.signal));
    for (const caller of callers) caller.abort(new Error('deadline'));
    await Promise.allSettled(waits);
    expect(lookups[0]?.signal.aborted).toBe(true);
    const next = shared('hanging.example', open());
    expect(lookups).toHaveLength(2);
    lookups[1]?.answer(LOOPBACK);
    await expect(next).resolves.toEqual(LOOPBACK);
  });

  it('refuses at once a caller whose signal has already fired, asking nothing', async () => {
    const { resolve, lookups } = manualResolver();
    const caller = new AbortController();
    caller.abort(new Error('shutting down'));
    await expect(shareLookups(resolve)('api.example', caller.signal)).rejects.toThrow('shutting down');
    expect(lookups).toHaveLength(0);
  });
});
