import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR_STATUS, type ErrorCode, GENERATED_JSON_HEADERS, renderError } from './json-error.js';
import { sendError } from './send-error.js';

const REASONS: Partial<Record<number, string>> = {
  400: 'Bad Request',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/** Writes a whole JSON error response straight to a socket Node has taken out of the HTTP machinery, and closes it. */
function writeRawError(socket: Duplex, code: ErrorCode, message: string, extra: Record<string, string> = {}): void {
  const status = ERROR_STATUS[code];
  const body = renderError(code, message);
  const headers = Object.entries({
    ...GENERATED_JSON_HEADERS,
    ...extra,
    'Content-Length': String(body.length),
    Connection: 'close',
  })
    .map(([key, value]) => `${key}: ${value}\r\n`)
    .join('');
  socket.end(Buffer.concat([Buffer.from(`HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}\r\n${headers}\r\n`), body]));
}

/**
 * Answers a request Node could not parse (malformed request line, headers
 * over the size limit, a client too slow to send them) with the JSON error
 * shape instead of Node's bare default, then closes the connection.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    writeRawError(socket, 'header_fields_too_large', 'the request line or headers are too large');
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    writeRawError(socket, 'request_timeout', 'the request took too long to arrive');
  } else {
    writeRawError(socket, 'bad_request', 'the request could not be parsed');
  }
}

/** Answers CONNECT, which Node hands over outside the request handler: this server is not a proxy. */
export function answerConnect(request: IncomingMessage, socket: Duplex): void {
  writeRawError(socket, 'method_not_allowed', `${request.method} is not allowed here; use GET or HEAD`, {
    Allow: 'GET, HEAD',
  });
}

/**
 * Answers an `Expect` other than `100-continue`, which Node would refuse with
 * a bare 417 (its `checkExpectation` event). The value is not echoed back.
 */
export function answerUnknownExpectation(_request: IncomingMessage, response: ServerResponse): void {
  sendError(
    response,
    'expectation_failed',
    'the Expect header asks for something this server does not do; only 100-continue is supported',
  );
}
