import type { Server } from 'node:net';

export interface ListenOptions {
  readonly port: number;
  readonly host: string;
  /** The URL's scheme: `https` for a TLS server. */
  readonly scheme?: 'http' | 'https';
  /**
   * Told of an error once listening: it is about one connection (EMFILE from
   * accept, when descriptors run out), which libuv has already dropped, and
   * the server goes on accepting. Left out, such errors are not listened for.
   */
  readonly onError?: ((error: Error) => void) | undefined;
}

/**
 * Starts `server` listening on `host` and `port` (0: a free one), rejecting
 * with the error of a listen that failed (the port taken), and resolves with
 * its origin as a URL names it: `http://127.0.0.1:3000`, an IPv6 address in
 * brackets. The one way every listener of the program starts: the server,
 * the metrics, the push listener, the stand-ins.
 */
export async function listenForRequests(server: Server, options: ListenOptions): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      if (options.onError !== undefined) server.on('error', options.onError);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the server is not listening on a TCP port');
  const host = address.address.includes(':') ? `[${address.address}]` : address.address;
  return `${options.scheme ?? 'http'}://${host}:${address.port}`;
}
