import type { ProbeCheck } from '../checks/probe-check.js';
import { InputError } from '../errors/input-error.js';
import { appliesTo, type CheckOption } from '../schemas/check-options.js';
import { checkKindOf } from '../schemas/check-url.js';
import {
  type CheckConfig,
  type ComponentConfig,
  DEFAULT_DEGRADED_MS,
  DEFAULT_MIN_CERTIFICATE_DAYS,
  DEFAULT_TIMEOUT_MS,
} from '../schemas/components-config.js';

/** How the cycle judges a check's result, whatever its kind; the defaults where a kind takes no such option. */
export interface CheckJudging {
  readonly degradedMs: number;
  /** A certificate expiring within this many days makes the component `degraded_performance`. */
  readonly minCertificateDays: number;
}

/** One check with every default filled in. */
export type CheckSettings = ProbeCheck & CheckJudging;

/** The scheme a heartbeat check's `url` is given, for the log and the fingerprint: `heartbeat:nightly-build`. */
export const HEARTBEAT_URL_PREFIX = 'heartbeat:';

export interface ResolveChecksInput {
  /** The component's slug: a heartbeat's push URL and record are named by it. */
  readonly slug: string;
  /** The PEM text of each `ca_file`, by the path as the config writes it. */
  readonly caFiles: ReadonlyMap<string, string>;
  readonly configFile: string;
  /** The component as problems name it (`components["Registry"]`). */
  readonly where: string;
}

/**
 * A component's checks with what each inherits from the component: of the
 * options set on the component, a check takes only those that apply to its
 * kind (the schema refuses one set on a check it does not apply to), so a
 * check keeps the fingerprint it had before other kinds' options existed.
 * A heartbeat component has one check, of its pushes. Throws `InputError`
 * for a `ca_file` that was not read.
 */
export function resolveChecks(component: ComponentConfig, input: ResolveChecksInput): CheckSettings[] {
  const { heartbeat } = component;
  if (heartbeat !== undefined) {
    return [
      {
        kind: 'heartbeat',
        url: `${HEARTBEAT_URL_PREFIX}${input.slug}`,
        timeoutMs: DEFAULT_TIMEOUT_MS,
        degradedMs: DEFAULT_DEGRADED_MS,
        expectStatus: undefined,
        minCertificateDays: DEFAULT_MIN_CERTIFICATE_DAYS,
        heartbeat: {
          slug: input.slug,
          everyMs: heartbeat.every_seconds * 1000,
          graceMs: heartbeat.grace_seconds * 1000,
        },
      },
    ];
  }
  return (component.checks ?? [{ url: component.url ?? '' }]).map((check, checkIndex) =>
    resolveCheck(check, component, component.checks === undefined ? '' : `.checks[${checkIndex}]`, input),
  );
}

function resolveCheck(
  check: CheckConfig,
  component: ComponentConfig,
  within: string,
  { caFiles, configFile, where }: ResolveChecksInput,
): CheckSettings {
  const { url } = check;
  /** The check's own option, else the component's where it applies to this kind. */
  const option = <K extends CheckOption>(name: K): CheckConfig[K] | ComponentConfig[K] =>
    check[name] ?? (appliesTo(name, url) ? component[name] : undefined);
  const caFile = option('ca_file');
  const ca = caFile === undefined ? undefined : caFiles.get(caFile);
  if (caFile !== undefined && ca === undefined) {
    const field = check.ca_file === undefined ? '' : within;
    throw new InputError(configFile, [
      { path: `${where}${field}.ca_file`, reason: `${JSON.stringify(caFile)} was not read` },
    ]);
  }
  // Every check names every kind's options, in the order they always had, its own kind's read and the others unset.
  const shared = {
    url,
    timeoutMs: option('timeout_ms') ?? DEFAULT_TIMEOUT_MS,
    degradedMs: option('degraded_ms') ?? DEFAULT_DEGRADED_MS,
    expectStatus: undefined,
    // A check without a certificate keeps the default, which keeps its fingerprint.
    minCertificateDays: option('min_certificate_days') ?? DEFAULT_MIN_CERTIFICATE_DAYS,
    expectJson: undefined,
    expectText: undefined,
    ca: undefined,
    expectAnswer: undefined,
    expectRcode: undefined,
    upstreamComponent: undefined,
  };
  const kind = checkKindOf(url);
  switch (kind) {
    case 'http':
      return {
        kind,
        ...shared,
        expectStatus: option('expect_status'),
        expectJson: option('expect_json'),
        expectText: option('expect_text'),
        ca,
      };
    case 'tcp':
      return { kind, ...shared };
    case 'dns':
      return { kind, ...shared, expectAnswer: option('expect_answer'), expectRcode: option('expect_rcode') };
    case 'grpc':
      return { kind, ...shared, ca };
    case 'statuspage':
      return { kind, ...shared, ca, upstreamComponent: option('upstream_component') };
  }
}
