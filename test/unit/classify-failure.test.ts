import { describe, expect, it } from 'vitest';
import { classifyFailure } from '../../src/probe/classify-failure.js';
import type { FailureReason } from '../../src/probe/describe-request-error.js';
import type { FailureClass } from '../../src/schemas/failure-class.js';

describe('classifyFailure', () => {
  it.each<[FailureReason, FailureClass]>([
    ['timeout', 'timeout'],
    ['refused', 'refused'],
    ['dns', 'dns'],
    ['tls', 'tls'],
    ['reset', 'reset'],
    ['unexpected status 503', 'status'],
    ['unexpected status 302', 'status'],
    ['error (EHOSTUNREACH)', 'error'],
    ['error (TypeError)', 'error'],
  ])('%s is %s', (reason, expected) => {
    expect(classifyFailure(reason)).toBe(expected);
  });
});
