import { z } from 'zod';

/** A human-readable label: not empty, no leading or trailing white space. */
export const LabelSchema = z
  .string()
  .min(1, { error: 'must not be empty' })
  .refine((value) => value.trim() === value, { error: 'must not start or end with white space' });
