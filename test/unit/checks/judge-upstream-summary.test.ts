import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgeUpstreamSummary } from '../../../src/checks/judge-upstream-summary.js';
import { parseSummary } from '../../../src/checks/upstream-pages.js';
import { classifyFailure } from '../../../src/outbound/classify-failure.js';
import type { UpstreamSummary } from '../../../src/schemas/statuspage/upstream-summary.js';
import { REPO_ROOT } from '../../helpers/temp-site.js';

/** A recorded shape of a real page (`test/fixtures/upstream-pages/`), read as the probe reads it. */
function page(name: string): UpstreamSummary {
  const parsed = parseSummary(
    readFileSync(join(REPO_ROOT, 'test', 'fixtures', 'upstream-pages', `${name}.json`), 'utf8'),
  );
  if (parsed.kind !== 'summary') throw new Error(`${name}: ${parsed.reason}`);
  return parsed.summary;
}

describe('judgeUpstreamSummary', () => {
  it.each([
    ['github-operational', 'Git Operations', 'operational', undefined],
    ['github-outage', 'Git Operations', 'major_outage', 'upstream reports major_outage for "Git Operations"'],
    ['github-outage', 'Actions', 'partial_outage', 'upstream reports partial_outage for "Actions"'],
    ['github-outage', 'Pages', 'operational', undefined],
    [
      'atlassian-maintenance',
      'Git via SSH',
      'under_maintenance',
      'upstream reports under_maintenance for "Git via SSH"',
    ],
    ['atlassian-maintenance', 'Git', 'under_maintenance', 'upstream reports under_maintenance for "Git"'],
  ])('reads %s for the component %s as %s', (name, component, state, reason) => {
    expect(judgeUpstreamSummary(page(name), component)).toEqual({ state, reason });
  });

  it.each([
    ['github-operational', 'operational', undefined],
    ['github-outage', 'partial_outage', 'upstream reports partial_outage (indicator major: "Partial System Outage")'],
    [
      'atlassian-maintenance',
      'under_maintenance',
      'upstream reports under_maintenance (indicator maintenance: "Service Under Maintenance")',
    ],
  ])('reads the whole of %s by its indicator as %s', (name, state, reason) => {
    expect(judgeUpstreamSummary(page(name), undefined)).toEqual({ state, reason });
  });

  it('takes an unresolved incident at its word when the indicator still says none', () => {
    expect(judgeUpstreamSummary(page('github-incident-without-components'), undefined)).toEqual({
      state: 'degraded_performance',
      reason:
        'upstream reports degraded_performance (incident "Delays in notification emails"; the page\'s indicator says none)',
    });
  });

  it('leaves a component alone that an incident without components does not name', () => {
    expect(judgeUpstreamSummary(page('github-incident-without-components'), 'Git Operations').state).toBe(
      'operational',
    );
  });

  it('changes nothing for an incident of impact none, or one resolved', () => {
    const base = page('github-operational');
    const incidents = [
      { name: 'Informational', status: 'investigating', impact: 'none' as const },
      { name: 'Over', status: 'resolved', impact: 'critical' as const },
    ];
    expect(judgeUpstreamSummary({ ...base, incidents }, undefined).state).toBe('operational');
  });

  it('never looks at the page updated_at: an old page is not a stale one', () => {
    const base = page('github-operational');
    const old = { ...base, page: { ...base.page, updated_at: '2019-01-01T00:00:00Z' } };
    expect(judgeUpstreamSummary(old, 'Git Operations').state).toBe('operational');
  });

  it.each([
    [['operational', 'major_outage'], 'major_outage'],
    [['degraded_performance', 'operational', 'partial_outage'], 'partial_outage'],
  ] as const)('takes the worst of components %j sharing the name read, saying there are several', (statuses, worst) => {
    const summary = page('github-operational');
    const twins = statuses.map((status, index) => ({
      ...summary.components[0],
      id: `twin-${index}`,
      name: 'Twins',
      status,
    }));
    const verdict = judgeUpstreamSummary({ ...summary, components: [...summary.components, ...twins] }, 'Twins');
    expect(verdict).toEqual({
      state: worst,
      reason: `upstream reports ${worst} for "Twins" (the worst of ${statuses.length} components of that name)`,
    });
  });

  it('fails a component the page does not have, saying so', () => {
    const verdict = judgeUpstreamSummary(page('github-operational'), 'Copilot');
    expect(verdict).toEqual({ state: undefined, reason: 'upstream page has no component "Copilot"' });
  });

  it('counts what the provider says under status, and a page it could not read under why', () => {
    expect(classifyFailure('upstream reports major_outage for "Git Operations"')).toBe('status');
    expect(classifyFailure('upstream unreadable since 2026-11-21T05:00:00Z: timeout')).toBe('timeout');
    expect(classifyFailure('upstream unreadable since 2026-11-21T05:00:00Z: unexpected status 503')).toBe('status');
    expect(classifyFailure('upstream unreadable since 2026-11-21T05:00:00Z: body is not JSON (x)')).toBe('body');
  });
});

describe('parseSummary', () => {
  it.each([
    ['<html>Service unavailable</html>', /^body is not JSON/],
    ['{"status":{"indicator":"on fire"}}', /^body is not a Statuspage summary at status\.indicator$/],
    ['[]', /^body is not a Statuspage summary at \(top\)$/],
  ])('refuses %s, saying where', (text, reason) => {
    const parsed = parseSummary(text);
    expect(parsed.kind === 'failed' && parsed.reason).toMatch(reason);
  });
});

describe('parseSummary of a hostile page', () => {
  it.each([
    ['nested arrays', 300_000, '[', ']'],
    ['nested arrays, never closed', 1_500_000, '[', ''],
    ['nested objects inside a summary', 20_000, '{"a":', '}'],
  ])('refuses %s %i deep before parsing them, saying so', (_what, depth, open, close) => {
    const text = `{"page":{"id":"x"},"components":[${open.repeat(depth)}${close.repeat(depth)}]}`;
    expect(parseSummary(text)).toEqual({
      kind: 'failed',
      reason: 'body is not a Statuspage summary: it nests deeper than 64 levels',
    });
  });

  it('refuses a page of more arrays and objects than any summary holds', () => {
    const text = `{"page":{"id":"x"},"components":[${'{},'.repeat(300_000)}{}]}`;
    expect(parseSummary(text)).toEqual({
      kind: 'failed',
      reason: 'body is not a Statuspage summary: it holds more than 250000 arrays and objects',
    });
  });
});
