import { describe, expect, it } from 'vitest';
import { ShieldsEndpointSchema } from '../../../src/badges/shields-endpoint.js';

// The schema is written from shields.io's documentation of the endpoint badge
// (https://shields.io/badges/endpoint-badge); these cases are its rules.
describe('ShieldsEndpointSchema', () => {
  it('takes the documented example', () => {
    expect(
      ShieldsEndpointSchema.safeParse({ schemaVersion: 1, label: 'hello', message: 'sweet world', color: 'orange' })
        .success,
    ).toBe(true);
  });

  it.each([
    ['an unknown key', { schemaVersion: 1, label: 'a', message: 'b', colour: 'red' }],
    ['another schemaVersion', { schemaVersion: 2, label: 'a', message: 'b' }],
    ['an empty message', { schemaVersion: 1, label: 'a', message: '' }],
    ['no label', { schemaVersion: 1, message: 'b' }],
    ['cacheSeconds under the minimum', { schemaVersion: 1, label: 'a', message: 'b', cacheSeconds: 60 }],
  ])('refuses %s', (_what, value) => {
    expect(ShieldsEndpointSchema.safeParse(value).success).toBe(false);
  });
});
