import { z } from 'zod';

/**
 * A human-readable label: not empty, no leading or trailing white space. The
 * rule is a pattern rather than a refinement so that the generated JSON
 * Schema carries it too (`\s` is exactly the set `String.prototype.trim` removes).
 */
export const LabelSchema = z
  .string()
  .min(1, { error: 'must not be empty' })
  .regex(/^(?!\s)[\s\S]*(?<!\s)$/, { error: 'must not start or end with white space' });
