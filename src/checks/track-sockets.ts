import { AsyncLocalStorage } from 'node:async_hooks';
import { subscribe } from 'node:diagnostics_channel';
import type { Socket } from 'node:net';

/** The sockets of one run, and whether it is over. */
interface Run {
  readonly sockets: Set<Socket>;
  ended: boolean;
}

/** The run under way, in the async context of whatever it opens. */
const runs = new AsyncLocalStorage<Run>();
let subscribed = false;

/** What a run opened: `destroyAll` ends every socket of it, and any it opens later. */
export interface TrackedSockets {
  destroyAll(): void;
}

/**
 * Runs `run`, noting every TCP socket opened within its async context (by
 * any library: Node's `net.client.socket` diagnostics channel), so that the
 * caller can end them all when it is done; a socket the run opens after
 * that (a reconnection on a timer it set) is ended as it opens. For a
 * library that does not end its own: grpc-js closes a channel whose HTTP/2
 * session never had the server's settings gracefully, that is never, and
 * reconnects after a failure even once the channel is closed.
 */
export function trackSockets<T>(run: () => Promise<T>): {
  readonly result: Promise<T>;
  readonly sockets: TrackedSockets;
} {
  if (!subscribed) {
    subscribed = true;
    subscribe('net.client.socket', (message) => {
      const { socket } = message as { socket: Socket };
      const owner = runs.getStore();
      if (owner === undefined) return;
      if (owner.ended) socket.destroy();
      else owner.sockets.add(socket);
    });
  }
  const state: Run = { sockets: new Set(), ended: false };
  return {
    result: runs.run(state, run),
    sockets: {
      destroyAll() {
        state.ended = true;
        for (const socket of state.sockets) socket.destroy();
        state.sockets.clear();
      },
    },
  };
}
