import { resolve } from 'node:path';
import { readEnv } from '../../io/read-env.js';
import { chooseMetricsPort, MetricsEnvSchema } from '../../metrics/metrics-env.js';
import { groupsOf } from '../../schemas/component-groups.js';
import { ServerEnvSchema } from '../../server/server-env.js';
import { fallbackStaleAfterMs } from '../../server/stale-after.js';
import { startServer } from '../../server/start-server.js';
import { loadOptionalComponentsConfig } from '../../settings/load-components-config.js';
import { type OptionSpec, parseOptions } from '../parse-options.js';
import { UsageError } from '../run-command.js';
import { waitForSignal } from '../wait-for-signal.js';

export const SERVE_USAGE = `Usage: service-directory serve [--public DIR] [--headers FILE] [--stale-after SECONDS] [--config FILE]
                               [--metrics-port PORT] [--mcp]

Serves DIR with the header rules applied; the API paths answer from memory.

  --public DIR             the directory to serve (default: public)
  --headers FILE           the response header rules (default: headers.json)
  --stale-after SECONDS    /healthz answers 503 once the status is older (default: three
                           intervals of the probe's published interval_seconds in
                           DIR/api/v1/uptime, else of the schedule in --config, else 90)
  --config FILE            the probe's config, for its schedule, the components' groups and
                           the email form's endpoint (default: data/components.json)
  --metrics-port PORT      a second listener, GET /metrics for Prometheus, on METRICS_HOST
                           (default: HOST); the public port never serves /metrics
  --mcp                    answer MCP (streamable HTTP, stateless) at /mcp, read-only tools over
                           the status DIR holds, rate-limited per client, and describe it at
                           /.well-known/mcp.json; off by default

Environment: PORT (default 3000), HOST (default 127.0.0.1), METRICS_PORT (as
--metrics-port, which wins), METRICS_HOST.`;

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
  'metrics-port': { type: 'string' },
  mcp: { type: 'boolean', default: false },
} satisfies OptionSpec;

export async function serve(args: string[]): Promise<void> {
  const parsed = parseOptions(args, SERVE_OPTIONS, SERVE_USAGE);
  if (!parsed) return;
  const staleAfter = parsed.values['stale-after'];
  const env = readEnv(ServerEnvSchema);
  const metricsEnv = readEnv(MetricsEnvSchema);
  const flag = parsed.values['metrics-port'];
  const metricsPort = chooseMetricsPort(typeof flag === 'string' ? flag : undefined, metricsEnv);
  if (!metricsPort.ok) throw new UsageError(metricsPort.reason);
  const configFile = resolve(String(parsed.values.config));
  // The metrics' parts (prom-client among them) are loaded only with a metrics port.
  const registry = metricsPort.port === undefined ? undefined : new (await import('prom-client')).Registry();
  // Read once: the schedule's staleness bound, the metrics' groups, the email form's endpoint (the page's CSP).
  const config = await loadOptionalComponentsConfig(configFile);
  const running = await startServer({
    publicDir: resolve(String(parsed.values.public)),
    headersFile: resolve(String(parsed.values.headers)),
    port: env.PORT,
    host: env.HOST,
    ...(parsed.values.mcp === true ? { mcp: {} } : {}),
    formEndpoint: config?.subscribers?.endpoint,
    ...(staleAfter === undefined
      ? { fallbackStaleAfterMs: fallbackStaleAfterMs(config) }
      : { staleAfterMs: parseSeconds('--stale-after', staleAfter) * 1000 }),
    ...(registry === undefined
      ? {}
      : {
          metrics: { registry, groups: groupsOf(config?.components ?? []) },
        }),
  });
  console.log(`serve: listening on ${running.url}`);
  if (parsed.values.mcp === true) console.log(`serve: MCP at ${running.url}/mcp`);
  const metrics =
    registry === undefined || metricsPort.port === undefined
      ? undefined
      : await (await import('../../metrics/start-metrics-listener.js'))
          .startMetricsListener({
            registry,
            port: metricsPort.port,
            host: metricsEnv.METRICS_HOST ?? env.HOST,
            log: (message) => console.error(`[serve] ${message}`),
          })
          .catch(async (error: unknown) => {
            await running.close();
            throw error;
          });
  if (metrics !== undefined) console.log(`serve: metrics on ${metrics.url}`);
  void waitForSignal().then((signal) => {
    console.log(`serve: ${signal}, closing`);
    void Promise.all([running.close(), metrics?.close()]).then(() => console.log('serve: closed'));
  });
}
