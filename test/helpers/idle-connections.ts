import { connect, type Socket } from 'node:net';

/** An idle TCP connection held open by a test: whether and when the server closed it. */
export interface IdleConnection {
  readonly socket: Socket;
  closed(): boolean;
}

/**
 * Opens `count` TCP connections to `port` on 127.0.0.1 from the loopback
 * address `from` (any 127.x.y.z: each is another client to the server),
 * and sends nothing on them. Resolves once each is connected or closed.
 */
export async function openIdleConnections(port: number, count: number, from = '127.0.0.1'): Promise<IdleConnection[]> {
  return Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<IdleConnection>((resolve) => {
          let isClosed = false;
          const socket = connect({ port, host: '127.0.0.1', localAddress: from });
          const connection = { socket, closed: () => isClosed };
          socket.on('error', () => {});
          socket.on('close', () => {
            isClosed = true;
            resolve(connection);
          });
          socket.on('connect', () => resolve(connection));
        }),
    ),
  );
}

/** Ends every connection still open. */
export function closeAll(connections: readonly IdleConnection[]): void {
  for (const { socket } of connections) socket.destroy();
}
