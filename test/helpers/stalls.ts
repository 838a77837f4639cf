import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';

/** A loopback endpoint that stalls a client in one phase; `close()` releases everything it holds. */
export interface Stall {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * A listener whose connects never complete: a child process listens with a
 * backlog of 1 and is then stopped (SIGSTOP), so it never accepts. Linux
 * completes handshakes into the accept queue until it is full and then drops
 * further SYNs, which is what a client sees from a blackholed or overloaded
 * host: no answer at all, not a refusal.
 */
export async function startUnacceptingListener(): Promise<Stall> {
  const child = spawn(
    process.execPath,
    [
      '-e',
      "const s = require('node:net').createServer(); s.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => console.log(s.address().port));",
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
  const port = Number(chunk.toString().trim());
  if (child.pid === undefined || !Number.isInteger(port)) throw new Error('the listener did not start');
  process.kill(child.pid, 'SIGSTOP');
  // Fill the accept queue (backlog + 1 on Linux), plus one spare, so the next SYN is dropped.
  const fillers: Socket[] = [];
  for (let index = 0; index < 3; index += 1) {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    fillers.push(socket);
  }
  await Promise.race([
    Promise.all(fillers.slice(0, 2).map((socket) => once(socket, 'connect'))),
    new Promise((resolve) => setTimeout(resolve, 1_000)),
  ]);
  return {
    port,
    async close() {
      for (const socket of fillers) socket.destroy();
      child.kill('SIGKILL');
      if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
    },
  };
}

/** A stall that accepts connections, and counts them: a test waits for a client to be held. */
export interface SilentListener extends Stall {
  /** Connections accepted so far. */
  accepted(): number;
  /** Connections still open: those accepted that the client has not closed. */
  open(): number;
}

/**
 * A listener that accepts TCP connections and never says a word: a TLS
 * client waits forever for the server's handshake, an HTTP client for headers.
 */
export async function startSilentListener(): Promise<SilentListener> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server: Server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    // Read and dropped, so that a client's close is seen (a paused socket holding unread bytes never sees the end).
    socket.resume();
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    accepted: () => accepted,
    open: () => sockets.size,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A resolver that never answers: the lookup stays pending until the check gives up on it. */
export function neverAnsweringResolver(): Promise<never> {
  return new Promise(() => {});
}
