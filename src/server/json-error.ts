import type { ErrorBody, ErrorCode } from '../schemas/error-body.js';

export type { ErrorCode } from '../schemas/error-body.js';

/** The HTTP status of each error code; `satisfies` keeps it in step with the schema. */
export const ERROR_STATUS = {
  bad_request: 400,
  not_found: 404,
  method_not_allowed: 405,
  internal_error: 500,
  service_unavailable: 503,
} as const satisfies Record<ErrorCode, number>;

/** Headers of every error response: JSON, never cached, readable cross-origin. */
export const ERROR_HEADERS = {
  'Content-Type': 'application/json',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Access-Control-Allow-Origin': '*',
} as const;

/** The one error body shape: `{"error":{"code":"not_found","message":"…"}}`. */
export function renderError(code: ErrorCode, message: string): Buffer {
  const body: ErrorBody = { error: { code, message } };
  return Buffer.from(`${JSON.stringify(body)}\n`);
}
