import { z } from 'zod';
import { ExpectJsonSchema, ExpectTextSchema } from './body-conditions.js';
import { checkKindOf, type UrlCheckKind } from './check-url.js';
import { NameSchema } from './label.js';

/** Upper bound on any timeout, so a typo cannot park a cycle for hours. */
export const MAX_TIMEOUT_MS = 60_000;

/** The answer codes a dns check may expect (`expect_rcode`); `NOERROR` unless told. */
export const DNS_RCODES = ['NOERROR', 'NXDOMAIN', 'SERVFAIL', 'REFUSED', 'NOTIMP', 'FORMERR'] as const;
export type DnsRcode = (typeof DNS_RCODES)[number];

export const MillisecondsSchema = z
  .number({ error: 'must be a number of milliseconds' })
  .int({ error: 'must be a whole number of milliseconds' })
  .positive({ error: 'must be greater than 0' })
  .max(MAX_TIMEOUT_MS, { error: `must be at most ${MAX_TIMEOUT_MS}` });

const ExpectStatusSchema = z
  .array(
    z
      .number({ error: 'must be an HTTP status code' })
      .int({ error: 'must be an HTTP status code' })
      .min(100, { error: 'must be an HTTP status code (100-599)' })
      .max(599, { error: 'must be an HTTP status code (100-599)' }),
    { error: 'must be a list of HTTP status codes' },
  )
  .min(1, { error: 'must list at least one status code' })
  .refine((codes) => new Set(codes).size === codes.length, { error: 'must not list a status code twice' });

/** What a dns answer must hold: an address, a name, `PRIORITY EXCHANGE` (or the exchange alone) or a text. */
const ExpectAnswerSchema = z
  .array(
    z
      .string({ error: 'must be a record as the answer gives it, like "10.0.0.1" or "10 mail.example.net"' })
      .min(1, { error: 'must not be empty' })
      .max(255, { error: 'must be at most 255 characters' }),
    { error: 'must be a list of records the answer must hold, like ["10.0.0.1"]' },
  )
  .min(1, { error: 'must list at least one record, or be left out' });

/** How one check is judged; a check inherits what it leaves out from its component. */
export const CheckOptionsShape = {
  timeout_ms: MillisecondsSchema.optional(),
  degraded_ms: MillisecondsSchema.optional(),
  expect_status: ExpectStatusSchema.optional(),
  expect_json: ExpectJsonSchema.optional(),
  expect_text: ExpectTextSchema.optional(),
  min_certificate_days: z
    .number({ error: 'must be a number of days' })
    .int({ error: 'must be a whole number of days' })
    .min(0, { error: 'must be at least 0' })
    .max(365, { error: 'must be at most 365' })
    .optional(),
  /** A PEM file of the CAs trusted for TLS, relative to the config file; read (and checked) when settings load. */
  ca_file: z
    .string({ error: 'must be the path of a PEM file' })
    .min(1, { error: 'must be the path of a PEM file' })
    .optional(),
  expect_answer: ExpectAnswerSchema.optional(),
  expect_rcode: z.enum(DNS_RCODES, { error: `must be one of ${DNS_RCODES.join(', ')}` }).optional(),
  /** The provider's component whose status is read, by its name on the provider's page. */
  upstream_component: NameSchema.optional(),
};

export type CheckOption = keyof typeof CheckOptionsShape;

/** The options every kind of check takes. */
const TIMING: readonly CheckOption[] = ['timeout_ms', 'degraded_ms'];

/**
 * Which options mean something to each kind, and what the kind does, in
 * the words of the refusal of the others. One row per kind, as the
 * probers' table has.
 */
const KIND_OPTIONS: Readonly<
  Record<UrlCheckKind, { readonly options: readonly CheckOption[]; readonly does: string }>
> = {
  http: {
    options: [...TIMING, 'expect_status', 'expect_json', 'expect_text', 'min_certificate_days', 'ca_file'],
    does: 'requests a URL',
  },
  tcp: { options: TIMING, does: 'only connects' },
  dns: { options: [...TIMING, 'expect_answer', 'expect_rcode'], does: 'asks a name server' },
  grpc: { options: [...TIMING, 'min_certificate_days', 'ca_file'], does: 'calls the gRPC health service' },
  // A provider's page is judged by what it says, never by how fast it says it.
  statuspage: { options: ['timeout_ms', 'ca_file', 'upstream_component'], does: "reads a provider's Statuspage" },
};

/** How each kind's URL is written, for "use … instead". */
const KIND_URLS: Readonly<Record<UrlCheckKind, string>> = {
  http: 'an http(s) URL',
  tcp: 'a tcp:// URL',
  dns: 'a dns:// URL',
  grpc: 'a grpc(s):// URL',
  statuspage: 'a statuspage+https:// URL',
};

/** Every option a check may carry; the refinement below only looks at these. */
const ALL_OPTIONS = Object.keys(CheckOptionsShape) as CheckOption[];

/** `… or …` of the URLs of the kinds `option` applies to. */
function whereItApplies(option: CheckOption): string {
  const urls = (Object.keys(KIND_OPTIONS) as UrlCheckKind[])
    .filter((kind) => KIND_OPTIONS[kind].options.includes(option))
    .map((kind) => KIND_URLS[kind]);
  return urls.length <= 1 ? (urls[0] ?? '') : `${urls.slice(0, -1).join(', ')} or ${urls.at(-1)}`;
}

/** Whether an option applies to a check of this URL's kind. */
export function appliesTo(option: CheckOption, url: string): boolean {
  return KIND_OPTIONS[checkKindOf(url)].options.includes(option);
}

type OptionBearer = { readonly url?: string | undefined } & { readonly [K in CheckOption]?: unknown };

/**
 * Each kind takes the options that mean something to it: one set on a check
 * (or on a component whose `url` is of that kind) that does not is an
 * error. Set on a component with `checks`, an option applies to those of
 * its checks it fits, and is an error only if it fits none of them.
 */
export function checkKindOptions(
  component: OptionBearer & { readonly checks?: readonly OptionBearer[] | undefined },
  path: (string | number)[],
  ctx: z.RefinementCtx,
): void {
  const refuse = (where: (string | number)[], option: CheckOption, url: string) => {
    const kind = checkKindOf(url);
    ctx.addIssue({
      code: 'custom',
      path: [...where, option],
      message: `does not apply to ${kind === 'http' ? 'an' : 'a'} ${kind} check, which ${KIND_OPTIONS[kind].does}; remove it or use ${whereItApplies(option)}`,
    });
  };
  const { checks } = component;
  if (checks === undefined) {
    if (typeof component.url !== 'string') return;
    for (const option of ALL_OPTIONS) {
      if (component[option] !== undefined && !appliesTo(option, component.url)) refuse(path, option, component.url);
    }
    return;
  }
  checks.forEach((check, index) => {
    if (typeof check.url !== 'string') return;
    for (const option of ALL_OPTIONS) {
      if (check[option] !== undefined && !appliesTo(option, check.url))
        refuse([...path, 'checks', index], option, check.url);
    }
  });
  const urls = checks.flatMap((check) => (typeof check.url === 'string' ? [check.url] : []));
  if (urls.length < checks.length) return;
  for (const option of ALL_OPTIONS) {
    if (component[option] === undefined || urls.some((url) => appliesTo(option, url))) continue;
    ctx.addIssue({
      code: 'custom',
      path: [...path, option],
      message: `applies to none of its checks; it is for ${whereItApplies(option)}`,
    });
  }
}
