import { Agent, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/** One kind of request the steady load sends, in turn with the others. */
export interface LoadRequest {
  readonly method: 'GET' | 'HEAD';
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Send the ETag of this request's last 200 back as `If-None-Match`: a 304 while the document is unchanged. */
  readonly conditional?: boolean;
}

/**
 * What a status page's visitors and API clients ask of the server: compressed
 * documents that change every cycle, conditional refreshes answered 304,
 * ranges, HEAD, the page itself.
 */
export const VISITOR_MIX: readonly LoadRequest[] = [
  { method: 'GET', path: '/api/v1/status', headers: { 'accept-encoding': 'br' }, conditional: true },
  { method: 'GET', path: '/api/v1/uptime', headers: { 'accept-encoding': 'gzip, br' }, conditional: true },
  { method: 'GET', path: '/api/v1/uptime', headers: { range: 'bytes=0-1023' } },
  { method: 'GET', path: '/', headers: { 'accept-encoding': 'br' } },
  { method: 'GET', path: '/api/v1/incidents', headers: { 'accept-encoding': 'gzip' }, conditional: true },
  { method: 'GET', path: '/feed.atom', headers: { 'accept-encoding': 'br' }, conditional: true },
  { method: 'GET', path: '/api/v1/regions' },
  { method: 'HEAD', path: '/api/v1/status' },
];

export interface SteadyLoad {
  /** Requests answered so far. */
  readonly requests: () => number;
  /** Answers by status code so far (`error` for a failed socket). */
  readonly statuses: () => Readonly<Record<string, number>>;
  /** Stops sending and waits for the requests in flight. */
  stop(): Promise<void>;
}

/**
 * Keeps `concurrency` keep-alive connections busy with `mix`, in turn, until
 * stopped: as fast as the server answers, or at about `ratePerSecond`
 * requests a second in all when given. Bodies are read and dropped. Runs in
 * this process: a steady load, not a throughput test.
 */
export function startSteadyLoad(
  origin: string,
  mix: readonly LoadRequest[],
  concurrency: number,
  ratePerSecond?: number,
): SteadyLoad {
  // Each connection sends one request per this many milliseconds: together, the rate asked for.
  const spacingMs = ratePerSecond === undefined ? 0 : (concurrency * 1000) / ratePerSecond;
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const etags = new Map<number, string>();
  const statuses: Record<string, number> = {};
  let answered = 0;
  let next = 0;
  let stopping = false;
  const count = (key: string) => {
    statuses[key] = (statuses[key] ?? 0) + 1;
    answered += 1;
  };
  const once = () =>
    new Promise<void>((resolve) => {
      const index = next % mix.length;
      next += 1;
      const kind = mix[index] as LoadRequest;
      const etag = kind.conditional ? etags.get(index) : undefined;
      const outgoing = request(
        `${origin}${kind.path}`,
        { method: kind.method, agent, headers: { ...kind.headers, ...(etag ? { 'if-none-match': etag } : {}) } },
        (response) => {
          const tag = response.headers.etag;
          if (kind.conditional && response.statusCode === 200 && tag) etags.set(index, tag);
          response.resume();
          response.once('end', () => {
            count(String(response.statusCode));
            resolve();
          });
          response.once('error', () => {
            count('error');
            resolve();
          });
        },
      );
      outgoing.once('error', () => {
        count('error');
        resolve();
      });
      outgoing.end();
    });
  const workers = Array.from({ length: concurrency }, async () => {
    while (!stopping) {
      const started = performance.now();
      await once();
      const wait = spacingMs - (performance.now() - started);
      if (wait > 0 && !stopping) await sleep(wait);
    }
  });
  return {
    requests: () => answered,
    statuses: () => ({ ...statuses }),
    stop: async () => {
      stopping = true;
      await Promise.all(workers);
      agent.destroy();
    },
  };
}
