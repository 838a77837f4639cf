import { z } from 'zod';
import { ISO_COUNTRY_CODES } from './country-codes.js';
import { LabelSchema } from './label.js';
import { StatusValueSchema } from './status-value.js';

const REGION_CODE_PATTERN = /^[a-z]+[0-9]$/;

/** One region, exactly the spec's five fields. */
export const RegionSchema = z.strictObject({
  code: z.string().regex(REGION_CODE_PATTERN, {
    error: (issue) => `${JSON.stringify(issue.input)} is not lowercase letters followed by one digit`,
  }),
  name: LabelSchema,
  zone: LabelSchema,
  country: z.string().refine((code) => ISO_COUNTRY_CODES.has(code), {
    error: (issue) => `${JSON.stringify(issue.input)} is not an ISO 3166-1 alpha-2 code`,
  }),
  status: StatusValueSchema,
});
export type Region = z.infer<typeof RegionSchema>;

/** `data/regions.json`: a list of regions whose codes and names are unique. */
export const RegionsFileSchema = z.array(RegionSchema).superRefine((regions, ctx) => {
  for (const field of ['code', 'name'] as const) {
    const firstIndex = new Map<string, number>();
    regions.forEach((region, index) => {
      const seen = firstIndex.get(region[field]);
      if (seen === undefined) {
        firstIndex.set(region[field], index);
        return;
      }
      ctx.addIssue({
        code: 'custom',
        path: [index, field],
        message: `${JSON.stringify(region[field])} is already used by [${seen}]`,
      });
    });
  }
});

/** The `/api/v1/regions` response envelope. */
export const RegionListSchema = z.strictObject({
  object: z.literal('list'),
  data: z.array(RegionSchema),
});
export type RegionList = z.infer<typeof RegionListSchema>;
