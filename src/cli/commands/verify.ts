import { resolve } from 'node:path';
import { z } from 'zod';
import { readDocument } from '../../io/read-document.js';
import { ComponentsConfigSchema } from '../../schemas/components-config.js';
import { renderVerifyTable } from '../../verify/render-verify-table.js';
import { DEFAULT_MAX_AGE_S, verifyDeployment } from '../../verify/verify-deployment.js';
import { type OptionSpec, parseOptions } from '../parse-options.js';
import { UsageError } from '../run-command.js';

export const VERIFY_USAGE = `Usage: service-directory verify <base_url> [--json] [--max-age SECONDS] [--regions-url URL]
                                [--config FILE]

Checks a live deployment (our server, or a CDN in front of it) against the
contract: status codes, exact Content-Type and Cache-Control, CORS, bodies
against the schemas, updated_at freshness, and that the status names a known
region. Then the same for /api/v1/uptime, /api/v1/incidents, /api/v1/notices
and the Atom feed /feed.atom, which a deployment may leave out: a 404 there is
reported as skip. Exits 1 if any check fails.

  --json             print the report as JSON instead of a table
  --max-age SECONDS  how old updated_at may be (default: three intervals of the probe's
                     interval_seconds in <base_url>/api/v1/uptime, else ${DEFAULT_MAX_AGE_S})
  --regions-url URL  fetch the regions document from URL instead of <base_url>/api/v1/regions
  --config FILE      the components config: when it has "subscribers", also check that
                     <base_url> routes the endpoint's path to the probe's listener, uncached
                     (POST {path}/confirm with a token that is nobody's: 400 in JSON,
                     no-store, CORS for the page's origin; nothing changes, nobody signs up)`;

const HttpUrlSchema = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

const VerifyArgsSchema = z.object({
  baseUrl: HttpUrlSchema,
  regionsUrl: HttpUrlSchema.optional(),
  maxAgeS: z.coerce.number().int().positive({ error: 'must be a whole number of seconds above 0' }).optional(),
});

/** The command's flags; the deploy-recipe tests check the recipes against them. */
export const VERIFY_OPTIONS = {
  json: { type: 'boolean', default: false },
  'max-age': { type: 'string' },
  'regions-url': { type: 'string' },
  config: { type: 'string' },
} satisfies OptionSpec;

export async function verify(args: string[]): Promise<void> {
  const parsed = parseOptions(args, VERIFY_OPTIONS, VERIFY_USAGE);
  if (!parsed) return;
  if (parsed.positionals.length !== 1) {
    throw new UsageError(`verify takes exactly one <base_url>\n\n${VERIFY_USAGE}`);
  }
  const checked = VerifyArgsSchema.safeParse({
    baseUrl: parsed.positionals[0],
    regionsUrl: parsed.values['regions-url'],
    maxAgeS: parsed.values['max-age'],
  });
  if (!checked.success) {
    const flags: Record<string, string> = { baseUrl: '<base_url>', regionsUrl: '--regions-url', maxAgeS: '--max-age' };
    const lines = checked.error.issues.map((issue) => `${flags[String(issue.path[0])] ?? ''}: ${issue.message}`);
    throw new UsageError(`${lines.join('\n')}\n\n${VERIFY_USAGE}`);
  }
  const { baseUrl, regionsUrl, maxAgeS } = checked.data;
  const configFile = parsed.values.config;
  const config =
    typeof configFile === 'string' ? await readDocument(resolve(configFile), ComponentsConfigSchema) : undefined;
  const subscriptions =
    config?.subscribers === undefined
      ? undefined
      : {
          path: new URL(config.subscribers.endpoint).pathname,
          pageOrigin: new URL(config.public_url ?? config.subscribers.endpoint).origin,
        };
  const report = await verifyDeployment({
    baseUrl,
    ...(subscriptions !== undefined && { subscriptions }),
    ...(maxAgeS !== undefined && { maxAgeS }),
    ...(regionsUrl !== undefined && { regionsUrl }),
  });
  process.stdout.write(parsed.values.json ? `${JSON.stringify(report, null, 2)}\n` : renderVerifyTable(report));
  if (!report.ok) process.exitCode = 1;
}
