import type { ErrorBody, ErrorCode } from '../schemas/error-body.js';

export type { ErrorCode } from '../schemas/error-body.js';

/** The HTTP status of each error code; `satisfies` keeps it in step with the schema. */
export const ERROR_STATUS = {
  bad_request: 400,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  expectation_failed: 417,
  header_fields_too_large: 431,
  internal_error: 500,
  service_unavailable: 503,
  status_missing: 503,
  status_stale: 503,
  status_from_future: 503,
} as const satisfies Record<ErrorCode, number>;

/** Headers of every response the server writes itself (errors, `/healthz`): JSON, never cached, readable cross-origin. */
export const GENERATED_JSON_HEADERS = {
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
