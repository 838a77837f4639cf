import { resolve } from 'node:path';
import { readEnv } from '../../io/read-env.js';
import { ServerEnvSchema } from '../../server/server-env.js';
import { readStaleAfterMs } from '../../server/stale-after.js';
import { startServer } from '../../server/start-server.js';
import { type OptionSpec, parseOptions } from '../parse-options.js';
import { UsageError } from '../run-command.js';

export const SERVE_USAGE = `Usage: service-directory serve [--public DIR] [--headers FILE] [--stale-after SECONDS] [--config FILE]

Serves DIR with the header rules applied; the API paths answer from memory.

  --public DIR             the directory to serve (default: public)
  --headers FILE           the response header rules (default: headers.json)
  --stale-after SECONDS    /healthz answers 503 once the status is older (default: three
                           intervals of the probe's published interval_seconds in
                           DIR/api/v1/uptime, else of the schedule in --config, else 90)
  --config FILE            the probe's config, for its schedule (default: data/components.json)

Environment: PORT (default 3000), HOST (default 127.0.0.1).`;

function parseSeconds(flag: string, value: unknown): number {
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new UsageError(`${flag} takes a positive number of seconds`);
  return seconds;
}

/** The command's flags; the deploy-recipe tests check the recipes against them. */
export const SERVE_OPTIONS = {
  public: { type: 'string', default: 'public' },
  headers: { type: 'string', default: 'headers.json' },
  'stale-after': { type: 'string' },
  config: { type: 'string', default: 'data/components.json' },
} satisfies OptionSpec;

export async function serve(args: string[]): Promise<void> {
  const parsed = parseOptions(args, SERVE_OPTIONS, SERVE_USAGE);
  if (!parsed) return;
  const staleAfter = parsed.values['stale-after'];
  const env = readEnv(ServerEnvSchema);
  const running = await startServer({
    publicDir: resolve(String(parsed.values.public)),
    headersFile: resolve(String(parsed.values.headers)),
    port: env.PORT,
    host: env.HOST,
    ...(staleAfter === undefined
      ? { fallbackStaleAfterMs: await readStaleAfterMs(resolve(String(parsed.values.config))) }
      : { staleAfterMs: parseSeconds('--stale-after', staleAfter) * 1000 }),
  });
  console.log(`serve: listening on ${running.url}`);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      console.log(`serve: ${signal}, closing`);
      void running.close().then(() => console.log('serve: closed'));
    });
  }
}
