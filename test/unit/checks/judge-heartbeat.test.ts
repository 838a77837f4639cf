import { describe, expect, it } from 'vitest';
import { judgeHeartbeat } from '../../../src/checks/judge-heartbeat.js';
import { classifyFailure } from '../../../src/outbound/classify-failure.js';

const START = Date.parse('2026-11-21T05:00:00Z');
const S = 1000;
const hourly = { slug: 'nightly-build', everyMs: 3600 * S, graceMs: 300 * S };
const push = (atMs: number, ok = true, message: string | null = null) => ({ atMs, ok, message });

describe('judgeHeartbeat', () => {
  it('passes a push within every + grace, keeping when it came', () => {
    expect(judgeHeartbeat(push(START), hourly, START, START + 3900 * S)).toEqual({
      ok: true,
      latency_ms: 0,
      pushedAtMs: START,
    });
  });

  it('fails once every + grace have passed without a push, saying since when', () => {
    const result = judgeHeartbeat(push(START), hourly, START, START + 3901 * S);
    expect(result).toMatchObject({
      ok: false,
      error: 'no heartbeat since 2026-11-21T05:00:00Z (expected every 3600 s, grace 300 s)',
      pushedAtMs: START,
    });
    expect(classifyFailure(result.error ?? 'refused')).toBe('timeout');
  });

  it('fails on a push that says the job failed, with its message quoted and escaped', () => {
    const result = judgeHeartbeat(push(START, false, 'disk full\u001b[2J'), hourly, START, START + 10 * S);
    expect(result).toMatchObject({ ok: false, error: 'heartbeat failed: "disk full\\u001b[2J"' });
    expect(classifyFailure(result.error ?? 'refused')).toBe('error');
  });

  it('fails on a failed push without a message, saying only that', () => {
    expect(judgeHeartbeat(push(START, false), hourly, START, START + 10 * S).error).toBe('heartbeat failed');
  });

  it('does not judge a component never heard from until every + grace after watching began', () => {
    expect(judgeHeartbeat(undefined, hourly, START, START + 3900 * S)).toEqual({
      ok: true,
      latency_ms: 0,
      note: 'no push yet, not judged until 2026-11-21T06:05:00Z',
      notJudgedUntilMs: Date.parse('2026-11-21T06:05:00Z'),
    });
    expect(judgeHeartbeat(undefined, hourly, START, START + 3901 * S)).toEqual({
      ok: false,
      latency_ms: 0,
      error: 'no heartbeat since watching began at 2026-11-21T05:00:00Z (expected every 3600 s, grace 300 s)',
    });
  });

  it('counts a push from the future (a replica whose clock is ahead) as just now', () => {
    expect(judgeHeartbeat(push(START + 60 * S), hourly, START, START).ok).toBe(true);
  });

  it('takes every_seconds of 1 and no grace', () => {
    const everySecond = { slug: 'x', everyMs: S, graceMs: 0 };
    expect(judgeHeartbeat(push(START), everySecond, START, START + S).ok).toBe(true);
    expect(judgeHeartbeat(push(START), everySecond, START, START + S + 1).ok).toBe(false);
  });
});
