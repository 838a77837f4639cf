import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How many requests one connection may have queued behind the answer being
 * written. Node parses pipelined requests as they arrive and queues their
 * responses without bound; browsers do not pipeline and honest clients that
 * do keep a handful in flight, so a client past this is cut off.
 */
export const MAX_QUEUED_REQUESTS_PER_CONNECTION = 32;

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Wraps a request handler so that one connection holds at most `max`
 * requests queued behind the one being answered. The request that would go
 * past it closes the connection, dropping everything that client queued,
 * instead of being handled. A request that is not queued (its response
 * already has the socket: every request but pipelined ones) costs one check.
 */
export function boundPipelining(handler: Handler, max = MAX_QUEUED_REQUESTS_PER_CONNECTION): Handler {
  const queued = new WeakMap<Socket, number>();
  return function handleBoundedRequest(request, response) {
    if (response.socket !== null) {
      handler(request, response);
      return;
    }
    const socket = request.socket;
    const count = (queued.get(socket) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    queued.set(socket, count);
    // Node hands a queued response the socket when the answers before it are done.
    response.once('socket', () => queued.set(socket, (queued.get(socket) ?? 1) - 1));
    handler(request, response);
  };
}
