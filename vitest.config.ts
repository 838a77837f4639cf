import { defineConfig } from 'vitest/config';

/**
 * Files run in parallel, four at a time whatever the machine: the integration
 * files spend their time waiting (child processes, real servers, timers), not
 * computing, so on a 2-core machine four workers finish the suite in about a
 * third of the time one does (vitest's default is the CPU count minus one:
 * one file at a time on two cores). `SD_TEST_WORKERS` overrides it.
 *
 * A file that needs the machine to itself (a timing that other files' load
 * would bend) is named `*.solo.test.ts`: it runs after the parallel group,
 * one file at a time (`sequence.groupOrder`).
 */
const WORKERS = Number(process.env.SD_TEST_WORKERS ?? 4);
const SOLO = '**/*.solo.test.ts';

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
          maxWorkers: WORKERS,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          exclude: [SOLO],
          // One module graph per worker, as for the unit files: the integration files
          // keep their state in servers, children and temp directories they close, not
          // in modules or process.env, and re-importing src/ and its dependencies for
          // each of the ~80 files cost a seventh of their CPU (182 s against 157 s).
          isolate: false,
          // They run the compiled CLI (test/helpers/run-cli.ts): compile dist/ first if src/ changed.
          globalSetup: ['test/helpers/compile-cli.ts'],
          maxWorkers: WORKERS,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          // The checks of the repository's own files (test/repository/): by another program
          // (links in the docs, the deploy recipes parsed and run through systemd-analyze,
          // the Dockerfile's command, the OpenAPI document through redocly and
          // openapi-backend, the alert rules through promtool, the nginx and S3 exports
          // through nginx and the aws CLI), the README's map of the house and the test tree.
          // Their outcome cannot depend on the Node.js line, so .ci/run runs this project on
          // the development line only (`npm test` always runs it).
          name: 'repository',
          include: ['test/repository/**/*.test.ts'],
          exclude: [SOLO],
          isolate: false,
          globalSetup: ['test/helpers/compile-cli.ts'],
          maxWorkers: WORKERS,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'solo',
          include: [`test/integration/${SOLO}`],
          globalSetup: ['test/helpers/compile-cli.ts'],
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
