import { resolve } from 'node:path';
import { z } from 'zod';
import { readEnv } from '../../io/read-env.js';
import { startServer } from '../../server/start-server.js';
import { parseOptions } from '../parse-options.js';

export const SERVE_USAGE = `Usage: service-directory serve [--public DIR] [--headers FILE]

Serves DIR with the header rules applied; the API paths answer from memory.

  --public DIR     the directory to serve (default: public)
  --headers FILE   the response header rules (default: headers.json)

Environment: PORT (default 3000), HOST (default 127.0.0.1).`;

const ServeEnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
});

export async function serve(args: string[]): Promise<void> {
  const parsed = parseOptions(
    args,
    { public: { type: 'string', default: 'public' }, headers: { type: 'string', default: 'headers.json' } },
    SERVE_USAGE,
  );
  if (!parsed) return;
  const env = readEnv(ServeEnvSchema);
  const running = await startServer({
    publicDir: resolve(String(parsed.values.public)),
    headersFile: resolve(String(parsed.values.headers)),
    port: env.PORT,
    host: env.HOST,
  });
  console.log(`serve: listening on ${running.url}`);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      console.log(`serve: ${signal}, closing`);
      void running.close().then(() => console.log('serve: closed'));
    });
  }
}
