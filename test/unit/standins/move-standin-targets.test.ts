import { describe, expect, it } from 'vitest';
import { moveStandinUrl } from '../../../src/standins/move-standin-targets.js';

describe('moveStandinUrl', () => {
  it.each([
    ['http://127.0.0.1:4101/healthz', 5100, 'http://127.0.0.1:5101/healthz'],
    ['http://127.0.0.1:4104/v2/', 5100, 'http://127.0.0.1:5104/v2/'],
    ['http://localhost:4102/healthz', 20000, 'http://localhost:20002/healthz'],
    ['http://user:token@127.0.0.1:4103/healthz?x=1', 5100, 'http://user:token@127.0.0.1:5103/healthz?x=1'],
    ['http://127.0.0.1:4101/healthz', 4100, 'http://127.0.0.1:4101/healthz'],
  ])('moves %s to the stand-ins on %i', (url, base, moved) => {
    expect(moveStandinUrl(url, base)).toBe(moved);
  });

  it.each([
    'http://127.0.0.1:4100/',
    'http://127.0.0.1:4105/healthz',
    'https://api.example.net:4101/healthz',
    'http://127.0.0.1:3000/healthz',
  ])('leaves %s alone: not a default stand-in port on loopback', (url) => {
    expect(moveStandinUrl(url, 5100)).toBe(url);
  });
});
