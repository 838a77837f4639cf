import { InputError } from '../errors/input-error.js';
import type { Endpoint, EndpointContract } from './contract.js';
import type { FetchOutcome } from './fetch-endpoint.js';
import { COMPRESSION_EXPECTED, judgeCompression } from './judge-compression.js';
import type { CheckName, VerifyCheck } from './verify-report.js';

/** How many body problems the report lists before summarising the rest. */
const MAX_PROBLEMS_SHOWN = 3;

/** What an optional document's 404 is reported as. */
export const NOT_PUBLISHED = 'not published by this deployment (optional)';

export interface EndpointVerdict<T> {
  readonly checks: VerifyCheck[];
  /** The document as read, when every check on the way to it passed. */
  readonly document: T | undefined;
}

/**
 * Judges one response against its contract: reachable, status 200, exact
 * Content-Type and Cache-Control, `Access-Control-Allow-Origin` where the
 * contract asks for it, a body the contract's reader accepts, and whether
 * it came compressed (see `judgeCompression`). A check
 * that cannot run because an earlier one failed is reported as `skip`, never
 * as a pass; so is an optional document that the deployment answers 404 for,
 * in one row, with nothing after it.
 */
export function checkDeploymentEndpoint<T>(
  endpoint: Endpoint,
  contract: EndpointContract<T>,
  url: string,
  outcome: FetchOutcome,
): EndpointVerdict<T> {
  const result = (check: CheckName, passed: boolean, expected: string, actual: string): VerifyCheck => ({
    endpoint,
    check,
    outcome: passed ? 'pass' : 'fail',
    url,
    expected,
    actual,
  });
  const skipped = (checks: readonly [CheckName, string][], reason: string): VerifyCheck[] =>
    checks.map(([check, expected]) => ({ endpoint, check, outcome: 'skip', url, expected, actual: reason }));

  const corsExpected = `Access-Control-Allow-Origin: ${contract.allowOrigin}`;
  const headerChecks: [CheckName, string][] = [
    ['content-type', contract.contentType],
    ['cache-control', contract.cacheControl],
    ...(contract.allowOrigin === null ? [] : [['cors', corsExpected] satisfies [CheckName, string]]),
    ['body', contract.body],
  ];

  if (!outcome.reached) {
    return {
      checks: [
        result('reachable', false, 'an HTTP response', outcome.error),
        ...skipped([['status-code', '200'], ...headerChecks], 'not checked: no response'),
      ],
      document: undefined,
    };
  }
  const checks = [result('reachable', true, 'an HTTP response', `HTTP ${outcome.status}`)];
  if (outcome.status === 404 && contract.presence === 'optional') {
    checks.push(...skipped([['status-code', '200']], `404: ${NOT_PUBLISHED}`));
    return { checks, document: undefined };
  }
  if (outcome.status !== 200) {
    const redirect = outcome.headers.location === null ? '' : ` (Location: ${outcome.headers.location})`;
    checks.push(result('status-code', false, '200', `${outcome.status}${redirect}`));
    checks.push(...skipped(headerChecks, `not checked: status ${outcome.status}`));
    return { checks, document: undefined };
  }
  checks.push(result('status-code', true, '200', '200'));
  const { contentType, cacheControl, allowOrigin } = outcome.headers;
  checks.push(result('content-type', contentType === contract.contentType, contract.contentType, shown(contentType)));
  checks.push(
    result('cache-control', cacheControl === contract.cacheControl, contract.cacheControl, shown(cacheControl)),
  );
  if (contract.allowOrigin !== null) {
    checks.push(
      result(
        'cors',
        allowOrigin === contract.allowOrigin,
        corsExpected,
        `Access-Control-Allow-Origin: ${shown(allowOrigin)}`,
      ),
    );
  }

  const compression = judgeCompression(
    outcome.headers.contentEncoding,
    outcome.headers.vary,
    Buffer.byteLength(outcome.body),
  );
  const compressionCheck: VerifyCheck = {
    endpoint,
    check: 'compression',
    outcome: compression.outcome,
    url,
    expected: COMPRESSION_EXPECTED,
    actual: compression.actual,
  };
  try {
    const document = contract.read(url, outcome.body);
    checks.push(result('body', true, contract.body, 'valid'), compressionCheck);
    return { checks, document };
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    checks.push(result('body', false, contract.body, summariseProblems(error)), compressionCheck);
    return { checks, document: undefined };
  }
}

function shown(value: string | null): string {
  return value === null ? '(missing)' : value;
}

function summariseProblems(error: InputError): string {
  const lines = error.problems.map(({ path, reason }) => (path === '' ? reason : `${path}: ${reason}`));
  const more = lines.length - MAX_PROBLEMS_SHOWN;
  return lines.slice(0, MAX_PROBLEMS_SHOWN).join('; ') + (more > 0 ? `; and ${more} more` : '');
}
