import { z } from 'zod';

/**
 * Why a check failed, as a class that history and the status page can count:
 * the connection was refused, the name did not resolve, TLS failed, the
 * connection was reset, the check timed out, the answer had an unexpected
 * status, anything else (`error`), or the answer had an expected status but
 * its body failed a configured condition (`body`). New classes go at the
 * end: history stores a class by its index in this list.
 */
export const FAILURE_CLASSES = ['timeout', 'refused', 'dns', 'tls', 'reset', 'status', 'error', 'body'] as const;

export const FailureClassSchema = z.enum(FAILURE_CLASSES);
export type FailureClass = z.infer<typeof FailureClassSchema>;
