import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How many requests one connection may have waiting for their answers. Node
 * parses pipelined requests as they arrive and queues their responses behind
 * the one being written, without bound; browsers do not pipeline and honest
 * clients that do keep a handful in flight, so a client past this is cut off.
 */
export const MAX_QUEUED_REQUESTS_PER_CONNECTION = 32;

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Wraps a request handler so that one connection holds at most `max` requests
 * between their arrival and the end of their answer. The request that would
 * go past it closes the connection, dropping everything that client queued,
 * instead of being handled.
 */
export function boundPipelining(handler: Handler, max = MAX_QUEUED_REQUESTS_PER_CONNECTION): Handler {
  const waiting = new WeakMap<Socket, number>();
  return function handleBoundedRequest(request, response) {
    const socket = request.socket;
    const count = (waiting.get(socket) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    waiting.set(socket, count);
    // A response emits 'close' once finished, or when its socket closes while it is being written.
    response.once('close', () => waiting.set(socket, (waiting.get(socket) ?? 1) - 1));
    handler(request, response);
  };
}
