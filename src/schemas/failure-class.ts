import { z } from 'zod';

/**
 * Why a check failed, as a class that history and the status page can count:
 * the connection was refused, the name did not resolve, TLS failed, the
 * connection was reset, the check timed out, the answer had an unexpected
 * status, or anything else (`error`).
 */
export const FAILURE_CLASSES = ['timeout', 'refused', 'dns', 'tls', 'reset', 'status', 'error'] as const;

export const FailureClassSchema = z.enum(FAILURE_CLASSES);
export type FailureClass = z.infer<typeof FailureClassSchema>;
