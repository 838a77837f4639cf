import { z } from 'zod';
import { API_PATHS } from '../api-paths.js';
import { resolveHeaders } from '../headers/resolve-headers.js';

const HeaderSchema = z.strictObject({
  key: z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, { error: 'is not a valid header name' }),
  value: z.string().refine((value) => !/[\r\n\0]/.test(value), { error: 'must not contain line breaks or NUL' }),
});

export const HeaderRuleSchema = z.strictObject({
  source: z.string().min(1, { error: 'must not be empty' }),
  headers: z.array(HeaderSchema).min(1, { error: 'must list at least one header' }),
});
export type HeaderRule = z.infer<typeof HeaderRuleSchema>;

/** The header rules every API path must end up with. */
export const REQUIRED_API_HEADERS = ['Content-Type', 'Cache-Control'] as const;

/**
 * `headers.json`: serve-handler's `headers` config. Every API path must be
 * given a Content-Type and a Cache-Control by the rules that match it.
 */
export const HeadersConfigSchema = z
  .strictObject({
    $schema: z.string().optional(),
    headers: z.array(HeaderRuleSchema),
  })
  .superRefine((config, ctx) => {
    for (const path of API_PATHS) {
      const resolved = resolveHeaders(config.headers, path);
      for (const name of REQUIRED_API_HEADERS) {
        if (!resolved.has(name.toLowerCase())) {
          ctx.addIssue({ code: 'custom', path: ['headers'], message: `no rule gives ${path} a ${name} header` });
        }
      }
    }
  });
export type HeadersConfig = z.infer<typeof HeadersConfigSchema>;
