import { defineConfig } from 'vitest/config';

/** The browser tests: run by `npm run test:e2e`, kept out of `npm test`'s default run. */
export default defineConfig({
  test: {
    // One Chromium at a time: the machine is shared, and the tests are quick one after another.
    fileParallelism: false,
    include: ['test/e2e/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
