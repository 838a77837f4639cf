import type { ServerResponse } from 'node:http';
import { ERROR_STATUS, type ErrorCode, GENERATED_JSON_HEADERS, renderError } from './json-error.js';

/** Answers with the JSON error shape; `extra` adds headers such as `Allow`. */
export function sendError(
  response: ServerResponse,
  code: ErrorCode,
  message: string,
  extra?: Readonly<Record<string, string>>,
): void {
  const body = renderError(code, message);
  response.writeHead(ERROR_STATUS[code], {
    ...GENERATED_JSON_HEADERS,
    ...extra,
    'Content-Length': String(body.length),
  });
  response.end(body);
}
