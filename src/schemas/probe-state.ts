import { z } from 'zod';
import { TimestampSchema } from './service-status.js';
import { StatusValueSchema } from './status-value.js';

/** Cycles in a row that have seen a component worse, or better, than what is published. */
export const PendingChangeSchema = z.strictObject({
  direction: z.enum(['worse', 'better']),
  cycles: z.number().int().min(1),
});
export type PendingChange = z.infer<typeof PendingChangeSchema>;

/** What the probe remembers about one component between cycles. */
export const ComponentMemorySchema = z.strictObject({
  name: z.string(),
  /** The state last published. */
  published: StatusValueSchema,
  /** The state the last cycle observed. */
  observed: StatusValueSchema,
  pending: PendingChangeSchema.nullable(),
  /**
   * The digest of the checks this memory is about (`fingerprintChecks`).
   * Absent in files written before it existed: such memory is taken to be
   * about the current checks, and gains a fingerprint when next saved.
   */
  fingerprint: z.string().optional(),
  /**
   * The state the team declared (an open incident notice) when it was
   * published over `published`, the probe's own word; absent when the
   * probe's word was published. What readers were last told is this or else
   * `published`, so the next change is announced from it.
   */
  declared: StatusValueSchema.optional(),
});
export type ComponentMemory = z.infer<typeof ComponentMemorySchema>;

/** The memory flapping protection works on: a component's entry less its name, fingerprint and declaration. */
export type StateMemory = Omit<ComponentMemory, 'name' | 'fingerprint' | 'declared'>;

/** Flapping-protection memory, one entry per component, as a cycle uses it. */
export const ProbeStateSchema = z.strictObject({
  version: z.literal(1),
  components: z.array(ComponentMemorySchema),
});
export type ProbeState = z.infer<typeof ProbeStateSchema>;

/** The probe state file: the memory plus when it was saved, so that old memory can be set aside. */
export const ProbeStateFileSchema = ProbeStateSchema.extend({ saved_at: TimestampSchema });
export type ProbeStateFile = z.infer<typeof ProbeStateFileSchema>;

/** The state before any cycle has run. */
export const EMPTY_PROBE_STATE: ProbeState = { version: 1, components: [] };
