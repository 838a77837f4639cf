import { createSocket } from 'node:dgram';
import { getServers } from 'node:dns';
import { connect, isIP } from 'node:net';
import { describeRequestError, type FailureReason } from '../outbound/describe-request-error.js';

/** Where a name server listens. */
export interface DnsServer {
  readonly host: string;
  readonly port: number;
}

/** The bytes of one reply, or why none came. */
export type DnsExchange =
  | { readonly kind: 'reply'; readonly bytes: Buffer }
  | { readonly kind: 'failed'; readonly error: FailureReason };

/** The most a reply over TCP may hold: its two-byte length says at most this. */
const MAX_TCP_REPLY_BYTES = 65_535;

/**
 * The name server a dns URL names (`10.0.0.53:53`, `[::1]:5353`), or,
 * without one, the first of the system's (`node:dns`'s `getServers()`, read
 * from resolv.conf); undefined when the system has none.
 */
export function dnsServerOf(
  server: string | undefined,
  systemServers: () => string[] = getServers,
): DnsServer | undefined {
  const named = server ?? systemServers()[0];
  if (named === undefined) return undefined;
  if (isIP(named) !== 0) return { host: named, port: 53 };
  const url = new URL(`dns://${named}`);
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port: url.port === '' ? 53 : Number(url.port) };
}

/**
 * Sends `query` in one UDP datagram from a socket connected to `server`
 * (so the kernel drops datagrams from any other address, and an ICMP
 * refusal is `refused`), and settles with the first datagram that comes
 * back, whatever it holds: the caller judges it. The socket is closed once
 * settled or as soon as `signal` aborts. Never rejects.
 */
export function exchangeOverUdp(server: DnsServer, query: Buffer, signal: AbortSignal): Promise<DnsExchange> {
  const socket = createSocket(isIP(server.host) === 6 ? 'udp6' : 'udp4');
  let open = true;
  return settleOnce(
    signal,
    socket,
    () => {
      if (!open) return;
      open = false;
      socket.close();
    },
    (settle) => {
      socket.on('message', (bytes) => settle({ kind: 'reply', bytes }));
      socket.connect(server.port, server.host, () => {
        if (open) socket.send(query);
      });
    },
  );
}

/**
 * Sends `query` over TCP (RFC 1035 4.2.2: each message after its two-byte
 * length), as a truncated reply over UDP asks, and settles with the one
 * reply. A connection ended before the whole reply is `reset`. The socket
 * is destroyed once settled or as soon as `signal` aborts. Never rejects.
 */
export function exchangeOverTcp(server: DnsServer, query: Buffer, signal: AbortSignal): Promise<DnsExchange> {
  const socket = connect({ host: server.host, port: server.port });
  const chunks: Buffer[] = [];
  let received = 0;
  return settleOnce(
    signal,
    socket,
    () => socket.destroy(),
    (settle) => {
      socket.on('end', () => settle({ kind: 'failed', error: 'reset' }));
      socket.on('connect', () => {
        const length = Buffer.alloc(2);
        length.writeUInt16BE(query.length);
        socket.write(Buffer.concat([length, query]));
      });
      socket.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
        if (received < 2) return;
        const bytes = Buffer.concat(chunks);
        const expected = bytes.readUInt16BE(0);
        if (bytes.length - 2 >= expected) settle({ kind: 'reply', bytes: bytes.subarray(2, 2 + expected) });
        else if (received > MAX_TCP_REPLY_BYTES + 2) settle({ kind: 'failed', error: 'reset' });
      });
    },
  );
}

/**
 * The one exchange over `socket`: settles once, with the first of `start`'s
 * reply, a socket error or `signal`'s abort, and then lets go of the socket
 * (`release`) and of the abort listener. Never rejects.
 */
function settleOnce(
  signal: AbortSignal,
  socket: { on(event: 'error', listener: (error: Error) => void): unknown },
  release: () => void,
  start: (settle: (exchange: DnsExchange) => void) => void,
): Promise<DnsExchange> {
  return new Promise((resolve) => {
    const settle = (exchange: DnsExchange) => {
      signal.removeEventListener('abort', abort);
      release();
      resolve(exchange);
    };
    const abort = () => settle({ kind: 'failed', error: describeRequestError(signal.reason) });
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    socket.on('error', (error) => settle({ kind: 'failed', error: describeRequestError(error) }));
    start(settle);
  });
}
