import { describe, expect, it } from 'vitest';
import { matchComponentName, normalizeStateWords } from '../../../src/notices/match-component-name.js';

const NAMES = ['Control API', 'Scheduler', 'Build Service', 'Registry'];

describe('matchComponentName', () => {
  it.each([
    ['Registry', 'Registry'],
    ['registry', 'Registry'],
    ['Registry ', 'Registry'],
    ['  build   service', 'Build Service'],
    ['CONTROL API', 'Control API'],
  ])('finds %j as %s', (given, name) => {
    expect(matchComponentName(given, NAMES)).toEqual({ kind: 'found', name });
  });

  it.each([
    ['Registy', 'Registry'],
    ['Schedular', 'Scheduler'],
    ['Bild Servce', 'Build Service'],
    ['Database', undefined],
    ['API', undefined],
  ])('answers %j with the nearest name, %s, or none', (given, suggestion) => {
    expect(matchComponentName(given, NAMES)).toEqual({ kind: 'missing', suggestion });
  });

  it('takes no name for another when two differ only in case', () => {
    expect(matchComponentName('api', ['API', 'Api'])).toEqual({ kind: 'missing', suggestion: 'API' });
    expect(matchComponentName('Api', ['API', 'Api'])).toEqual({ kind: 'found', name: 'Api' });
  });
});

describe('normalizeStateWords', () => {
  it.each([
    ['major outage', 'major_outage'],
    ['Major-Outage', 'major_outage'],
    [' Degraded  performance ', 'degraded_performance'],
    ['partial_outage', 'partial_outage'],
  ])('reads %j as %s', (typed, state) => {
    expect(normalizeStateWords(typed)).toBe(state);
  });
});
