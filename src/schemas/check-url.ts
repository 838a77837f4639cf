import { isIP } from 'node:net';
import { z } from 'zod';
import { NOT_AN_HTTP_URL } from './http-url.js';

/** The highest TCP port. */
const MAX_PORT = 65_535;

/**
 * The kinds of check a component can have, as `src/checks/run-check.ts`
 * chooses its prober: an HTTP request, a TCP connect, a DNS question, a
 * gRPC health call, a provider's Statuspage read, or pushes from the thing
 * itself (a `heartbeat` block rather than a URL).
 */
export const CHECK_KINDS = ['http', 'tcp', 'dns', 'grpc', 'statuspage', 'heartbeat'] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

/** The kinds a check URL names. */
export type UrlCheckKind = Exclude<CheckKind, 'heartbeat'>;

/** The scheme prefix of an upstream provider's page: `statuspage+https://www.githubstatus.com`. */
export const STATUSPAGE_PREFIX = 'statuspage+';

/** The record types a dns check may ask for; `A` when the URL names none. */
export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT'] as const;
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];

/** The kind a check URL names by its scheme, valid or not: anything unknown is left to the http rule. */
export function checkKindOf(url: string): UrlCheckKind {
  const scheme = url.slice(0, url.indexOf(':') + 1).toLowerCase();
  if (scheme === 'tcp:') return 'tcp';
  if (scheme === 'dns:') return 'dns';
  if (scheme === 'grpc:' || scheme === 'grpcs:') return 'grpc';
  if (scheme.startsWith(STATUSPAGE_PREFIX)) return 'statuspage';
  return 'http';
}

/** Whether a check URL names the tcp scheme, valid or not: such a check only connects. */
export function isTcpScheme(url: string): boolean {
  return checkKindOf(url) === 'tcp';
}

/** What a dns URL names: the server (undefined for the system's), the name and the record type. */
export interface DnsTarget {
  /** `10.0.0.53:53` or `[::1]:5353`; undefined for the system's servers. */
  readonly server: string | undefined;
  readonly name: string;
  readonly type: DnsRecordType;
}

/** One label of a DNS name: letters, digits, `_` and `-`, 1 to 63 of them. */
const DNS_LABEL = /^[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?$/;

/**
 * `dns://[SERVER[:PORT]]/NAME?type=TYPE` read, or `undefined` when it is
 * not one: SERVER an IP address (none: the system's servers), PORT 1 to
 * 65535 (53), NAME a DNS name in ASCII (an internationalised name in its
 * `xn--` form), TYPE one of `DNS_RECORD_TYPES`.
 */
export function parseDnsUrl(value: string): DnsTarget | undefined {
  if (!URL.canParse(value)) return undefined;
  const url = new URL(value);
  if (url.protocol !== 'dns:' || url.username !== '' || url.password !== '' || url.hash !== '') return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host !== '' && isIP(host) === 0) return undefined;
  const port = url.port === '' ? 53 : Number(url.port);
  if (!Number.isInteger(port) || port < 1 || port > MAX_PORT || (host === '' && url.port !== '')) return undefined;
  const name = url.pathname.slice(1).replace(/\.$/, '');
  if (name.length === 0 || name.length > 253 || !name.split('.').every((label) => DNS_LABEL.test(label))) {
    return undefined;
  }
  const params = [...url.searchParams.keys()];
  if (params.some((key) => key !== 'type') || url.searchParams.getAll('type').length > 1) return undefined;
  const type = (url.searchParams.get('type') ?? 'A').toUpperCase();
  if (!(DNS_RECORD_TYPES as readonly string[]).includes(type)) return undefined;
  const server = host === '' ? undefined : isIP(host) === 6 ? `[${host}]:${port}` : `${host}:${port}`;
  return { server, name, type: type as DnsRecordType };
}

/** What a grpc URL names: where, with or without TLS, and the service asked about (`''`: the whole server). */
export interface GrpcTarget {
  readonly host: string;
  readonly port: number;
  readonly tls: boolean;
  readonly service: string;
}

/** A gRPC service name as the health service is asked about it: `scheduler.v1.Scheduler`. */
const GRPC_SERVICE = /^[A-Za-z0-9_.-]{1,200}$/;

/**
 * `grpc://HOST:PORT[/SERVICE]` or `grpcs://…` (TLS) read, or `undefined`
 * when it is not one: a host, a port from 1 to 65535, at most one path
 * segment naming the service, no credentials, query or fragment.
 */
export function parseGrpcUrl(value: string): GrpcTarget | undefined {
  if (!URL.canParse(value)) return undefined;
  const url = new URL(value);
  const port = Number(url.port);
  if (
    (url.protocol !== 'grpc:' && url.protocol !== 'grpcs:') ||
    url.hostname === '' ||
    url.username !== '' ||
    url.password !== '' ||
    url.search !== '' ||
    url.hash !== '' ||
    url.port === '' ||
    !Number.isInteger(port) ||
    port < 1 ||
    port > MAX_PORT
  ) {
    return undefined;
  }
  const service = url.pathname.replace(/^\/|\/$/g, '');
  if (service !== '' && !GRPC_SERVICE.test(service)) return undefined;
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port, tls: url.protocol === 'grpcs:', service };
}

/** The provider's page behind `statuspage+https://…`: the http(s) URL its API lives under. */
export function upstreamPageUrl(value: string): string {
  return value.slice(STATUSPAGE_PREFIX.length);
}

/** `tcp://host:port`: a host, a port in range, no credentials, path, query or fragment. */
export function isTcpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  const port = Number(url.port);
  return (
    url.protocol === 'tcp:' &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === '' &&
    Number.isInteger(port) &&
    port >= 1 &&
    port <= MAX_PORT &&
    (url.pathname === '' || url.pathname === '/') &&
    url.search === '' &&
    url.hash === ''
  );
}

/** The schemes besides http(s), as the refusal of an unknown one lists them. */
const OTHER_SCHEMES = 'tcp://host:port, dns://, grpc(s):// or statuspage+https://';

/**
 * What a check requests: a URL `httpUrlSchema` accepts, or one of the other
 * kinds' URLs (tcp, dns, grpc, statuspage). Each kind's rule says what its
 * URL looks like; like the http rule, no reason echoes the value, which may
 * carry credentials.
 */
export function checkUrlSchema(httpUrlSchema: z.ZodType<string>) {
  const reasonFor: Record<UrlCheckKind, (value: string) => string | undefined> = {
    http: (value) => {
      const reason = httpUrlSchema.safeParse(value).error?.issues[0]?.message;
      // An http(s) URL that cannot be used keeps its own reason; anything else hears of every scheme.
      return reason === NOT_AN_HTTP_URL ? `${reason}, or ${OTHER_SCHEMES}` : reason;
    },
    tcp: (value) =>
      isTcpUrl(value)
        ? undefined
        : `a tcp URL is tcp://host:port with a port from 1 to ${MAX_PORT} and nothing after it, like tcp://db.internal:5432`,
    dns: (value) =>
      parseDnsUrl(value) === undefined
        ? `a dns URL is dns://[SERVER[:PORT]]/NAME?type=${DNS_RECORD_TYPES.join('|')}, SERVER an IP address (left out: ` +
          'the system’s name servers), like dns://10.0.0.53/registry.example.net?type=A'
        : undefined,
    grpc: (value) =>
      parseGrpcUrl(value) === undefined
        ? `a grpc URL is grpc://HOST:PORT[/SERVICE] or grpcs://HOST:PORT[/SERVICE] (TLS), a port from 1 to ${MAX_PORT}, ` +
          'like grpcs://scheduler.internal:443/scheduler.v1.Scheduler'
        : undefined,
    statuspage: (value) => {
      const page = upstreamPageUrl(value);
      const reason = httpUrlSchema.safeParse(page).error?.issues[0]?.message;
      if (reason !== undefined || !URL.canParse(page)) {
        return reason === NOT_AN_HTTP_URL || reason === undefined
          ? 'a statuspage URL is statuspage+https:// (or statuspage+http://) and the page’s address, like statuspage+https://www.githubstatus.com'
          : reason;
      }
      const url = new URL(page);
      return url.search !== '' || url.hash !== ''
        ? 'a statuspage URL names the page alone, with no query or fragment: /api/v2/summary.json is read under it'
        : undefined;
    },
  };
  return z.string().superRefine((value, ctx) => {
    const reason = reasonFor[checkKindOf(value)](value);
    if (reason !== undefined) ctx.addIssue({ code: 'custom', message: reason });
  });
}
