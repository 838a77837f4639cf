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

/** How long a paced connection waits before asking its allowance again. */
const PACE_MS = 5;

/**
 * Keeps `concurrency` keep-alive connections busy with `mix`, in turn, until
 * stopped: as fast as the server answers, or, given `allowance` (how many
 * requests may have been sent by now), never ahead of it. Bodies are read and
 * dropped. Runs in this process: a steady load, not a throughput test.
 */
export function startSteadyLoad(
  origin: string,
  mix: readonly LoadRequest[],
  concurrency: number,
  allowance?: () => number,
): SteadyLoad {
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
      if (allowance !== undefined && next >= allowance()) await sleep(PACE_MS);
      else await once();
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
