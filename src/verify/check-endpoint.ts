import type { z } from 'zod';
import { InputError } from '../errors/input-error.js';
import { parseDocument } from '../io/parse-document.js';
import { type Endpoint, type EndpointContract, EXPECTED_ALLOW_ORIGIN } from './contract.js';
import type { FetchOutcome } from './fetch-endpoint.js';
import type { CheckName, CheckResult } from './verify-report.js';

/** How many schema problems the report lists before summarising the rest. */
const MAX_PROBLEMS_SHOWN = 3;

export interface EndpointVerdict<T> {
  readonly checks: CheckResult[];
  /** The validated document, when every check on the way to it passed. */
  readonly document: T | undefined;
}

/**
 * Judges one response against the contract: reachable, status 200, exact
 * Content-Type and Cache-Control, `Access-Control-Allow-Origin: *`, and a body
 * the zod schema accepts. A check that cannot run because an earlier one
 * failed is reported as `skip`, never as a pass.
 */
export function checkEndpoint<S extends z.ZodType>(
  endpoint: Endpoint,
  contract: EndpointContract & { readonly schema: S },
  url: string,
  outcome: FetchOutcome,
): EndpointVerdict<z.output<S>> {
  const result = (check: CheckName, passed: boolean, expected: string, actual: string): CheckResult => ({
    endpoint,
    check,
    outcome: passed ? 'pass' : 'fail',
    url,
    expected,
    actual,
  });
  const skipped = (checks: readonly [CheckName, string][], reason: string): CheckResult[] =>
    checks.map(([check, expected]) => ({ endpoint, check, outcome: 'skip', url, expected, actual: reason }));

  const headerChecks: [CheckName, string][] = [
    ['content-type', contract.contentType],
    ['cache-control', contract.cacheControl],
    ['cors', `Access-Control-Allow-Origin: ${EXPECTED_ALLOW_ORIGIN}`],
    ['body', `a valid ${endpoint} document`],
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
  checks.push(
    result(
      'cors',
      allowOrigin === EXPECTED_ALLOW_ORIGIN,
      `Access-Control-Allow-Origin: ${EXPECTED_ALLOW_ORIGIN}`,
      `Access-Control-Allow-Origin: ${shown(allowOrigin)}`,
    ),
  );

  const expectedBody = `a valid ${endpoint} document`;
  try {
    const document = parseDocument(url, outcome.body, contract.schema);
    checks.push(result('body', true, expectedBody, 'valid'));
    return { checks, document };
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    checks.push(result('body', false, expectedBody, summariseProblems(error)));
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
