#!/usr/bin/env node
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { buildSite } from '../build/build-site.js';
import { formatJsonPath } from '../errors/format-json-path.js';
import { InputError } from '../errors/input-error.js';
import { startServer } from '../server/start-server.js';
import { runCommand, UsageError } from './run-command.js';

const USAGE = `Usage: service-directory <command> [options]

Commands:
  build   validate data/regions.json and write public/api/v1/regions
  serve   serve public/ with headers.json applied (PORT, HOST)

Run 'service-directory <command> --help' for a command's options.`;

const BUILD_USAGE = `Usage: service-directory build [--data FILE] [--public DIR]

  --data FILE   the regions source (default: data/regions.json)
  --public DIR  the directory that is served (default: public)`;

const SERVE_USAGE = `Usage: service-directory serve [--public DIR] [--headers FILE]

  --public DIR     the directory to serve (default: public)
  --headers FILE   the response header rules (default: headers.json)

Environment: PORT (default 3000), HOST (default 127.0.0.1).`;

const ServeEnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
});

function parseEnv<T extends z.ZodType>(schema: T): z.output<T> {
  const result = schema.safeParse(process.env);
  if (result.success) return result.data;
  throw new InputError(
    'environment',
    result.error.issues.map((issue) => ({ path: formatJsonPath(issue.path), reason: issue.message })),
  );
}

type OptionValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

/** Parses flags strictly; `undefined` when `--help` was asked for and printed. */
function parseOptions(
  args: string[],
  options: Record<string, { type: 'string' | 'boolean'; default?: string }>,
  usage: string,
): OptionValues | undefined {
  try {
    const parsed = parseArgs({ args, options: { ...options, help: { type: 'boolean' } }, strict: true });
    const values: OptionValues = parsed.values;
    if (values.help) {
      console.log(usage);
      return undefined;
    }
    return values;
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
  }
}

async function build(args: string[]): Promise<void> {
  const values = parseOptions(
    args,
    { data: { type: 'string', default: 'data/regions.json' }, public: { type: 'string', default: 'public' } },
    BUILD_USAGE,
  );
  if (!values) return;
  const result = await buildSite({
    regionsFile: resolve(String(values.data)),
    publicDir: resolve(String(values.public)),
  });
  console.log(`build: wrote ${result.regionCount} regions (${result.bytes} bytes) to ${result.regionsFile}`);
}

async function serve(args: string[]): Promise<void> {
  const values = parseOptions(
    args,
    { public: { type: 'string', default: 'public' }, headers: { type: 'string', default: 'headers.json' } },
    SERVE_USAGE,
  );
  if (!values) return;
  const env = parseEnv(ServeEnvSchema);
  const running = await startServer({
    publicDir: resolve(String(values.public)),
    headersFile: resolve(String(values.headers)),
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

const COMMANDS: Record<string, (args: string[]) => Promise<void>> = { build, serve };

const [command, ...rest] = process.argv.slice(2);
await runCommand(async () => {
  if (command === undefined || command === '--help' || command === '-h') {
    console.log(USAGE);
    return;
  }
  const run = COMMANDS[command];
  if (!run) throw new UsageError(`unknown command: ${command}\n\n${USAGE}`);
  await run(rest);
});
