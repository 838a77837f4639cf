import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenForRequests } from '../io/listen-for-requests.js';
import { sendJson } from './send-json.js';
import { describeStandinModes, type StandinMode, StandinModeSchema } from './standin-mode.js';
import { DEFAULT_SLOW_MS, type Standin, startStandin } from './start-standin.js';

/** The control server's port; the four components listen on the next four, matching `data/components.json`. */
export const DEFAULT_STANDIN_BASE_PORT = 4100;

/** The platform the spec names, as stand-ins: name, URL-safe id, health path, healthy status. */
export const STANDIN_COMPONENTS = [
  { name: 'Control API', slug: 'control-api', path: '/healthz', healthyStatus: 200 },
  { name: 'Scheduler', slug: 'scheduler', path: '/healthz', healthyStatus: 200 },
  { name: 'Build Service', slug: 'build-service', path: '/healthz', healthyStatus: 200 },
  // Like a real registry's /v2/ without credentials: 401 means "up".
  { name: 'Registry', slug: 'registry', path: '/v2/', healthyStatus: 401 },
] as const;

export interface StandinPlatformOptions {
  readonly host?: string;
  /** Control server on this port, components on the next four; 0 picks free ports for all. */
  readonly basePort?: number;
  readonly slowMs?: number;
  /** Told of every switch, so the console shows why the status is about to change. */
  readonly log?: (line: string) => void;
}

export interface StandinPlatform {
  readonly standins: readonly { readonly slug: string; readonly url: string; readonly standin: Standin }[];
  /** `http://host:port` of the control server. */
  readonly controlOrigin: string;
  close(): Promise<void>;
}

/**
 * The four stand-in components plus a control server whose `POST /<slug>/<mode>`
 * (or `/all/<mode>`) switches their behaviour. The control server is separate
 * so that a stand-in which is `refusing` can still be switched back.
 */
export async function startStandinPlatform(options: StandinPlatformOptions = {}): Promise<StandinPlatform> {
  const host = options.host ?? '127.0.0.1';
  const basePort = options.basePort ?? DEFAULT_STANDIN_BASE_PORT;
  const standins: { slug: string; url: string; standin: Standin }[] = [];
  try {
    for (const [index, component] of STANDIN_COMPONENTS.entries()) {
      const standin = await startStandin({
        name: component.name,
        host,
        port: basePort === 0 ? 0 : basePort + 1 + index,
        healthyStatus: component.healthyStatus,
        slowMs: options.slowMs,
      });
      standins.push({ slug: component.slug, url: `${standin.origin}${component.path}`, standin });
    }
  } catch (error) {
    await Promise.all(standins.map(({ standin }) => standin.close()));
    throw error;
  }

  const descriptions = describeStandinModes(options.slowMs ?? DEFAULT_SLOW_MS);
  const control = createServer((request, response) => {
    void handleControl(request, response, standins, descriptions, options.log ?? (() => {})).catch((error: unknown) => {
      sendJson(response, 500, { error: { code: 'internal_error', message: String(error) } });
    });
  });
  try {
    await listenForRequests(control, { port: basePort, host });
  } catch (error) {
    await Promise.all(standins.map(({ standin }) => standin.close()));
    throw error;
  }
  // Named by the host as given (`localhost` stays `localhost`), on the port the listener got.
  const address = control.address();
  const port = typeof address === 'object' && address !== null ? address.port : basePort;

  return {
    standins,
    controlOrigin: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    async close() {
      const closed = new Promise<void>((resolve) => control.close(() => resolve()));
      control.closeAllConnections();
      await Promise.all([closed, ...standins.map(({ standin }) => standin.close())]);
    },
  };
}

/** The lines the console shows: plainly stand-ins, where they are, how to switch them. */
export function describeStandinPlatform(platform: StandinPlatform): string[] {
  const example = platform.standins[1]?.slug ?? 'scheduler';
  return [
    'STAND-INS: the components below are NOT a real platform. They are small local HTTP servers',
    'imitating it, so the probe has something to watch. Point data/components.json at real',
    'health endpoints to probe a real platform (see docs/probe.md).',
    ...platform.standins.map(({ standin, url }) => `  ${standin.name.padEnd(14)} ${url}  (${standin.mode})`),
    `Switch one: curl -X POST ${platform.controlOrigin}/${example}/failing   (modes: ${StandinModeSchema.options.join(', ')})`,
    `All back:   curl -X POST ${platform.controlOrigin}/all/healthy          List: curl ${platform.controlOrigin}/`,
  ];
}

async function handleControl(
  request: IncomingMessage,
  response: ServerResponse,
  standins: readonly { slug: string; url: string; standin: Standin }[],
  descriptions: Readonly<Record<StandinMode, string>>,
  log: (line: string) => void,
): Promise<void> {
  request.resume();
  const path = (request.url ?? '/').split('?')[0] ?? '/';
  const list = () => standins.map(({ slug, url, standin }) => ({ slug, name: standin.name, url, mode: standin.mode }));
  if (path === '/') {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      sendJson(response, 405, { error: { code: 'method_not_allowed', message: 'use GET' } }, { Allow: 'GET, HEAD' });
      return;
    }
    sendJson(response, 200, { standins: list(), modes: descriptions });
    return;
  }
  const [, slug, modeName, ...rest] = path.split('/');
  const targets = slug === 'all' ? standins : standins.filter((entry) => entry.slug === slug);
  if (targets.length === 0 || modeName === undefined || rest.length > 0) {
    sendJson(response, 404, {
      error: {
        code: 'not_found',
        message: `use POST /<${['all', ...standins.map((entry) => entry.slug)].join('|')}>/<mode>`,
      },
    });
    return;
  }
  const mode = StandinModeSchema.safeParse(modeName);
  if (!mode.success) {
    sendJson(response, 400, {
      error: { code: 'bad_request', message: `unknown mode; one of: ${StandinModeSchema.options.join(', ')}` },
    });
    return;
  }
  if (request.method !== 'POST') {
    sendJson(response, 405, { error: { code: 'method_not_allowed', message: 'use POST' } }, { Allow: 'POST' });
    return;
  }
  await Promise.all(targets.map(({ standin }) => standin.setMode(mode.data)));
  for (const { standin } of targets) log(`${standin.name} is now ${mode.data}: ${descriptions[mode.data]}`);
  sendJson(response, 200, { standins: list() });
}
