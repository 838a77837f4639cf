import { z } from 'zod';

/** Every error code the server answers with. */
export const ERROR_CODES = [
  'bad_request',
  'not_found',
  'method_not_allowed',
  'request_timeout',
  'expectation_failed',
  'header_fields_too_large',
  'internal_error',
  'service_unavailable',
  'status_missing',
  'status_stale',
  'status_from_future',
] as const;

export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** The one error body shape: `{"error":{"code":"not_found","message":"…"}}`. */
export const ErrorBodySchema = z
  .strictObject({
    error: z.strictObject({
      code: ErrorCodeSchema.meta({ description: 'Machine-readable error code.' }),
      message: z.string().min(1).meta({ description: 'What went wrong, for people.' }),
    }),
  })
  .meta({ title: 'ErrorBody', description: 'The body of every error response.' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
