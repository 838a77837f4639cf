import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'test/helpers/**/*.test.ts'],
          // Pure functions with no module state, timers or mocks to leak: sharing
          // one module graph across files cuts these ~90 files from ~40 s to ~10 s,
          // almost all of it vitest re-importing the same modules for each file.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          // They run the compiled CLI (test/helpers/run-cli.ts): compile dist/ first if src/ changed.
          globalSetup: ['test/helpers/compile-cli.ts'],
        },
      },
    ],
  },
});
