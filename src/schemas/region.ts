import { z } from 'zod';
import { ISO_COUNTRY_CODE_LIST } from './country-codes.js';
import { LabelSchema, nameKey, OTHER_CODE_POINTS } from './label.js';
import { StatusValueSchema } from './status-value.js';

const REGION_CODE_PATTERN = /^[a-z]+[0-9]$/;

/**
 * One region, exactly the spec's five fields. The descriptions are the spec's
 * and end up in the generated JSON Schema and OpenAPI documents.
 */
export const RegionSchema = z
  .strictObject({
    code: z
      .string()
      .regex(REGION_CODE_PATTERN, {
        error: (issue) => `${JSON.stringify(issue.input)} is not lowercase letters followed by one digit`,
      })
      .meta({ description: 'Short region identifier (lowercase letters followed by a digit).', examples: ['ams1'] }),
    name: LabelSchema.meta({ description: 'Human-readable region name.', examples: ['Amsterdam 1'] }),
    zone: LabelSchema.meta({
      description: 'Zone grouping label. Several regions may share one zone.',
      examples: ['eu-west'],
    }),
    // An enum rather than a refinement, so that the JSON Schema rejects `XX` as well.
    country: z
      .enum(ISO_COUNTRY_CODE_LIST, {
        // A missing country is left to the caller's "is required".
        error: (issue) =>
          issue.input === undefined ? undefined : `${JSON.stringify(issue.input)} is not an ISO 3166-1 alpha-2 code`,
      })
      .meta({ description: 'Country of the region, an ISO 3166-1 alpha-2 code.', examples: ['NL'] }),
    status: StatusValueSchema.meta({ description: 'Region status.' }),
  })
  .meta({ title: 'Region' });
export type Region = z.infer<typeof RegionSchema>;

/**
 * `data/regions.json`: a list of at least one region, whose codes and names
 * are unique (compared in Unicode NFC, `nameKey`). An empty list is refused: published, it would empty the
 * directory. Uniqueness is checked even when some regions are invalid in other
 * ways, so that one run reports every problem; it reads the raw items for that reason.
 */
export const RegionsFileSchema = z
  .array(RegionSchema)
  .min(1, { error: 'must list at least one region' })
  .superRefine(
    (regions, ctx) => {
      const items: readonly unknown[] = regions;
      for (const field of ['code', 'name'] as const) {
        const first = new Map<string, { index: number; value: string }>();
        items.forEach((item, index) => {
          const value = typeof item === 'object' && item !== null ? Reflect.get(item, field) : undefined;
          if (typeof value !== 'string') return;
          const seen = first.get(nameKey(value));
          if (seen === undefined) {
            first.set(nameKey(value), { index, value });
            return;
          }
          const how = seen.value === value ? '' : `, ${OTHER_CODE_POINTS}`;
          ctx.addIssue({
            code: 'custom',
            path: [index, field],
            message: `${JSON.stringify(value)} is already used by [${seen.index}]${how}`,
          });
        });
      }
    },
    { when: (payload) => Array.isArray(payload.value) },
  );

/** The `/api/v1/regions` response envelope. */
export const RegionListSchema = z
  .strictObject({
    object: z.literal('list').meta({ description: 'Always `list`.' }),
    data: z.array(RegionSchema).meta({ description: 'The regions. Order is not specified.' }),
  })
  .meta({ title: 'RegionList', description: 'The regions in which services may be scheduled.' });
export type RegionList = z.infer<typeof RegionListSchema>;
