import { z } from 'zod';

/**
 * The JSON shields.io's endpoint badge reads (https://shields.io/badges/endpoint-badge),
 * written from its documentation: `schemaVersion` is always 1, `label` is
 * required (empty hides the left side), `message` is required and not empty,
 * and the optional keys are the ones the page lists. Shields rejects a key it
 * does not know, so the object is strict. We write only the first four.
 */
export const ShieldsEndpointSchema = z.strictObject({
  schemaVersion: z.literal(1),
  label: z.string(),
  message: z.string().min(1),
  color: z.string().min(1).optional(),
  labelColor: z.string().min(1).optional(),
  isError: z.boolean().optional(),
  namedLogo: z.string().optional(),
  logoSvg: z.string().optional(),
  logoColor: z.string().optional(),
  logoWidth: z.number().optional(),
  style: z.enum(['flat', 'flat-square', 'plastic', 'for-the-badge', 'social']).optional(),
  cacheSeconds: z.number().int().min(300).optional(),
});
export type ShieldsEndpoint = z.infer<typeof ShieldsEndpointSchema>;

/** What this project writes: exactly the four keys every consumer of the format knows. */
export interface BadgeContent {
  readonly schemaVersion: 1;
  readonly label: string;
  readonly message: string;
  readonly color: string;
}
