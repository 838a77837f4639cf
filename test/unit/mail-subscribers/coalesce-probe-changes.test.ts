import { describe, expect, it } from 'vitest';
import { coalesceProbeChanges, type WatchedComponent } from '../../../src/mail-subscribers/coalesce-probe-changes.js';
import type { StatusValue } from '../../../src/schemas/status-value.js';

const HOLD_MS = 300_000;

/** Runs verdicts of one component, `stepMs` apart, from operational; the changes mailed. */
function run(states: readonly (StatusValue | undefined)[], stepMs = 30_000) {
  let watched: ReadonlyMap<string, WatchedComponent> = new Map([
    ['API', { mailed: 'operational', pendingSinceMs: undefined }],
  ]);
  const mailed = [];
  for (const [index, state] of states.entries()) {
    const result = coalesceProbeChanges(watched, [{ name: 'API', state }], index * stepMs, HOLD_MS);
    watched = result.watched;
    mailed.push(...result.changes.map((change) => `${index}: ${change.from} -> ${change.to}`));
  }
  return mailed;
}

describe('coalescing the changes the probe detects', () => {
  it('mails a change once it has held, from what was mailed to what it is', () => {
    expect(run(['major_outage', 'partial_outage', ...Array(10).fill('major_outage')])).toEqual([
      '10: operational -> major_outage',
    ]);
  });

  it('mails nothing for a flap that comes back within the window', () => {
    expect(run(['major_outage', 'major_outage', 'operational', 'major_outage', 'operational', 'operational'])).toEqual(
      [],
    );
  });

  it('mails the recovery likewise, once it has held', () => {
    expect(run([...Array(11).fill('major_outage'), ...Array(11).fill('operational')])).toEqual([
      '10: operational -> major_outage',
      '21: major_outage -> operational',
    ]);
  });

  it('mails at once with a window of 0', () => {
    const { changes } = coalesceProbeChanges(
      new Map([['API', { mailed: 'operational', pendingSinceMs: undefined }]]),
      [{ name: 'API', state: 'major_outage' }],
      5,
      0,
    );
    expect(changes).toEqual([{ component: 'API', from: 'operational', to: 'major_outage', sinceMs: 5 }]);
  });

  it('takes a component first seen as it is, and waits for nothing under maintenance', () => {
    const first = coalesceProbeChanges(new Map(), [{ name: 'New', state: 'major_outage' }], 0, HOLD_MS);
    expect(first.changes).toEqual([]);
    expect(first.watched.get('New')).toEqual({ mailed: 'major_outage', pendingSinceMs: undefined });
    expect(run([...Array(20).fill(undefined)])).toEqual([]);
  });
});
