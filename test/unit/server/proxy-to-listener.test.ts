import { describe, expect, it } from 'vitest';
import { isUnderPrefix } from '../../../src/server/proxy-to-listener.js';

describe('the paths start passes to the subscription listener', () => {
  it.each([
    ['/api/subscriptions', true],
    ['/api/subscriptions?x=1', true],
    ['/api/subscriptions/confirm?token=t', true],
    ['/api/subscriptions/', true],
    ['/api/subscriptionsX', false],
    ['/api/v1/status', false],
    ['/', false],
    ['', false],
  ])('%s: %s', (url, expected) => {
    expect(isUnderPrefix(url, '/api/subscriptions')).toBe(expected);
  });
});
