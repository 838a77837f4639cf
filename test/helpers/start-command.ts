import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import { type ComponentConfigSchema, ComponentsConfigSchema } from '../../src/schemas/components-config.js';
import { type CliProcess, startCli } from './run-cli.js';
import type { CliSite } from './use-cli-site.js';

/** `start`'s line once it serves: the status page's origin is its first group. */
const PAGE_BANNER = /the status page is at (http:\/\/127\.0\.0\.1:\d+)\//;

/**
 * Writes the temp site's `components.json` for `start`: the shipped
 * components (the site's copy of `data/components.json`, still naming ports
 * 4101-4104), `extra` ones after them, on a one-second schedule so the first
 * cycle comes at once. Returns `start`'s argv over it with the stand-ins from
 * `base` (`--standins-port` moves the checks too).
 */
export async function writeStartConfig(
  cli: CliSite,
  base: number,
  extra: readonly z.input<typeof ComponentConfigSchema>[] = [],
): Promise<string[]> {
  const { root } = cli.site;
  const shipped = ComponentsConfigSchema.parse(
    JSON.parse(await readFile(join(root, 'data', 'components.json'), 'utf8')),
  );
  const config = { ...shipped, schedule: '* * * * * *', components: [...shipped.components, ...extra] };
  await writeFile(join(root, 'components.json'), JSON.stringify(config));
  return ['start', '--config', 'components.json', '--standins-port', String(base)];
}

/** A `start` child, with the status page's origin it printed. */
export interface RunningStart extends CliProcess {
  readonly origin: string;
}

/**
 * Runs `args` (`start`'s, from `writeStartConfig`) as a child in the temp
 * site, on a free port (`PORT=0`) in no region, with `env` added; the child
 * is the site's, killed after the test if still running. Resolves once it
 * printed the status page's origin, within `timeoutMs`.
 */
export async function runStart(
  cli: CliSite,
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
  timeoutMs = 15_000,
): Promise<RunningStart> {
  const child = startCli([...args], { cwd: cli.site.root, env: { PORT: '0', REGION: '', ...env } });
  cli.children.push(child);
  const [, origin = ''] = await child.waitForOutput(PAGE_BANNER, timeoutMs);
  return { ...child, origin };
}
