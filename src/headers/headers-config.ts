import { z } from 'zod';
import { PUBLISHED_PATHS } from '../api-documents.js';
import { resolveHeaders } from './resolve-headers.js';

const HeaderSchema = z.strictObject({
  key: z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, { error: 'is not a valid header name' }),
  value: z.string().refine((value) => !/[\r\n\0]/.test(value), { error: 'must not contain line breaks or NUL' }),
});

export const HeaderRuleSchema = z.strictObject({
  source: z.string().min(1, { error: 'must not be empty' }),
  headers: z.array(HeaderSchema).min(1, { error: 'must list at least one header' }),
});
export type HeaderRule = z.infer<typeof HeaderRuleSchema>;

/** The headers every published document must end up with, whether or not its file exists yet. */
export const REQUIRED_API_HEADERS = ['Content-Type', 'Cache-Control'] as const;

const HeaderRulesSchema = z.array(HeaderRuleSchema);

/**
 * `headers.json`: serve-handler's `headers` config. Every published document
 * (`PUBLISHED_PATHS`: the API documents and the feed) must be given a
 * Content-Type and a Cache-Control by the rules that match it, with a value:
 * an empty one, from a later rule, would drop the header.
 */
export const HeadersConfigSchema = z
  .strictObject({
    $schema: z.string().optional(),
    headers: HeaderRulesSchema,
  })
  .superRefine(
    (config, ctx) => {
      for (const path of PUBLISHED_PATHS) {
        const resolved = resolveHeaders(config.headers, path);
        for (const name of REQUIRED_API_HEADERS) {
          const header = resolved.get(name.toLowerCase());
          if (header === undefined) {
            ctx.addIssue({ code: 'custom', path: ['headers'], message: `no rule gives ${path} a ${name} header` });
          } else if (header.value.trim() === '') {
            ctx.addIssue({
              code: 'custom',
              path: ['headers', ...findLastSetting(config.headers, path, name)],
              message: `is ${header.value === '' ? 'empty' : 'only white space'}, which drops ${name} from ${path}`,
            });
          }
        }
      }
    },
    // Whenever the rules themselves are valid, so that a problem elsewhere in the file does not hide these.
    { when: (payload) => HeaderRulesSchema.safeParse(Reflect.get(Object(payload.value), 'headers')).success },
  );
export type HeadersConfig = z.infer<typeof HeadersConfigSchema>;

/** Where the value that `urlPath` ends up with for `name` is set: the last matching rule's last such header. */
function findLastSetting(rules: readonly HeaderRule[], urlPath: string, name: string): (string | number)[] {
  for (let index = rules.length - 1; index >= 0; index -= 1) {
    const rule = rules[index];
    if (rule === undefined || !resolveHeaders([rule], urlPath).has(name.toLowerCase())) continue;
    const headerIndex = rule.headers.findLastIndex((header) => header.key.toLowerCase() === name.toLowerCase());
    return [index, 'headers', headerIndex, 'value'];
  }
  return [];
}
