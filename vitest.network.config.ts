import { defineConfig } from 'vitest/config';

/**
 * The tests across a real network of Linux network namespaces: run by
 * `npm run test:network` (as root; skipped with a message otherwise), kept out
 * of `npm test` because they take a couple of minutes.
 */
export default defineConfig({
  test: {
    include: ['test/network/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
