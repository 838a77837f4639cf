import { describe, expect, it } from 'vitest';
import { runsUntilStopped } from '../../../src/cli/memory-reducer-nudge.js';

describe('runsUntilStopped', () => {
  it.each([
    [['serve']],
    [['serve', '--public', 'public', '--metrics-port', '9464']],
    [['start']],
    [['start', '--port', '3000']],
    [['probe']],
    [['probe', '--config', 'data/components.json', '--push-port', '9091']],
  ])('says %j runs until stopped', (args) => {
    expect(runsUntilStopped(args)).toBe(true);
  });

  it.each([
    [[]],
    [['probe', '--once']],
    [['probe', '--config', 'c.json', '--once']],
    [['serve', '--help']],
    [['probe', '-h']],
    [['build']],
    [['verify', 'https://status.example.com']],
    [['notice', 'open']],
    [['heartbeat']],
    [['subscribers', 'list']],
  ])('says %j ends by itself', (args) => {
    expect(runsUntilStopped(args)).toBe(false);
  });
});
