import { describe, expect, it } from 'vitest';
import { isTcpScheme, isTcpUrl } from '../../../src/schemas/check-url.js';

describe('isTcpUrl', () => {
  it.each<[string, boolean]>([
    ['tcp://db.internal:5432', true],
    ['tcp://db.internal:5432/', true],
    ['tcp://127.0.0.1:1', true],
    ['tcp://[::1]:65535', true],
    ['tcp://db.internal', false],
    ['tcp://db.internal:0', false],
    ['tcp://db.internal:65536', false],
    ['tcp://:5432', false],
    ['tcp://user:secret@db.internal:5432', false],
    ['tcp://db.internal:5432/postgres', false],
    ['tcp://db.internal:5432?sslmode=require', false],
    ['tcp://db.internal:5432#x', false],
    ['http://db.internal:5432', false],
    ['tcp:db.internal:5432', false],
  ])('%s: %s', (url, expected) => {
    expect(isTcpUrl(url)).toBe(expected);
  });

  it.each<[string, boolean]>([
    ['tcp://db.internal:5432', true],
    ['tcp:nonsense', true],
    ['https://tcp.example.com/', false],
  ])('isTcpScheme(%s) is %s', (url, expected) => {
    expect(isTcpScheme(url)).toBe(expected);
  });
});
