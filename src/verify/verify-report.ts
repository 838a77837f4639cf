import { z } from 'zod';
import { ENDPOINTS } from './contract.js';

/** The checks `verify` runs on each endpoint, in the order they are reported. */
export const CHECK_NAMES = [
  'reachable',
  'status-code',
  'content-type',
  'cache-control',
  'cors',
  'body',
  'compression',
  'freshness',
  'known-region',
] as const;
export const CheckNameSchema = z.enum(CHECK_NAMES);
export type CheckName = z.infer<typeof CheckNameSchema>;

/**
 * `skip` means a check could not run: one it depends on failed, or the
 * deployment does not publish an optional document (it answered 404), or
 * does not offer something the contract leaves optional (compression).
 */
export const VerdictSchema = z.enum(['pass', 'fail', 'skip']);
export type Verdict = z.infer<typeof VerdictSchema>;

/** One row of the report: one check of one endpoint. */
export const VerifyCheckSchema = z.strictObject({
  /** A document of the contract, or `subscriptions`: the email subscribers' endpoint (`verify --config`). */
  endpoint: z.enum([...ENDPOINTS, 'subscriptions']),
  check: CheckNameSchema,
  outcome: VerdictSchema,
  url: z.string(),
  expected: z.string(),
  actual: z.string(),
});
export type VerifyCheck = z.infer<typeof VerifyCheckSchema>;

/** What `verify --json` prints: one object, `ok` false if any check failed. */
export const VerifyReportSchema = z.strictObject({
  ok: z.boolean(),
  base_url: z.string(),
  regions_url: z.string(),
  status_url: z.string(),
  checked_at: z.string(),
  max_age_s: z.number().int().positive(),
  checks: z.array(VerifyCheckSchema),
});
export type VerifyReport = z.infer<typeof VerifyReportSchema>;
