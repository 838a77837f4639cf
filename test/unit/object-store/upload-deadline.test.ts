import { describe, expect, it } from 'vitest';
import { uploadDeadlineMs } from '../../../src/object-store/open-bucket-mirror.js';

describe('uploadDeadlineMs', () => {
  it.each([
    [2_000, 1_000],
    [500, 1_000],
    [30_000, 15_000],
    [60_000, 30_000],
    [300_000, 60_000],
  ])('a schedule every %i ms gives the uploads %i ms', (intervalMs, expected) => {
    expect(uploadDeadlineMs(intervalMs)).toBe(expected);
  });
});
