// Preloaded (`--import`) into a CLI child by test/integration/cli/loaded-modules.test.ts:
// appends the URL of every module the process resolves, one a line, to the
// file named by RESOLVED_MODULES_LOG. Plain JavaScript: it runs before tsx.
import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const file = process.env.RESOLVED_MODULES_LOG;
if (file) {
  registerHooks({
    resolve(specifier, context, next) {
      const resolved = next(specifier, context);
      appendFileSync(file, `${resolved.url}\n`);
      return resolved;
    },
  });
}
