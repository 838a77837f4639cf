import { Resolver } from 'node:dns/promises';
import { errorCode } from '../errors/describe-error.js';
import { describeRequestError } from '../outbound/describe-request-error.js';
import { withDeadline } from '../outbound/with-deadline.js';
import { type DnsRecordType, parseDnsUrl } from '../schemas/check-url.js';
import type { CheckResult, CheckRun } from './check-endpoint.js';
import { type DnsAnswer, formatRecord, judgeDnsAnswer, rcodeOfError } from './judge-dns-answer.js';
import type { CheckContext, ProbeCheck } from './probe-check.js';

/**
 * Asks `check.url`'s name server (`dns://[SERVER[:PORT]]/NAME?type=TYPE`;
 * without SERVER, the system's configured ones) for NAME's records of TYPE,
 * once, through `node:dns`'s `Resolver` (c-ares, which can ask for MX, TXT
 * and CNAME, and whose queries a cancel ends at once, unlike
 * `getaddrinfo`'s). The answer is judged by `judgeDnsAnswer`; no answer
 * within `timeoutMs` is a `timeout` (phase `dns`), an ICMP refusal
 * `refused`. Never throws.
 */
export async function checkDns(check: ProbeCheck, context: CheckContext & CheckRun): Promise<CheckResult> {
  const { elapsed, signal } = context;
  const target = parseDnsUrl(check.url);
  if (target === undefined) return { ok: false, latency_ms: 0, error: 'error (ERR_INVALID_URL)' };
  // One try, waiting the whole deadline: our own timer settles the check anyway.
  const resolver = new Resolver({ timeout: check.timeoutMs, tries: 1 });
  try {
    if (target.server !== undefined) resolver.setServers([target.server]);
    const outcome = await withDeadline(() => ask(resolver, target.name, target.type), check.timeoutMs, signal);
    if (outcome.kind === 'timeout') return { ok: false, latency_ms: elapsed(), error: 'timeout', phase: 'dns' };
    if (outcome.kind === 'aborted') {
      return { ok: false, latency_ms: elapsed(), error: describeRequestError(outcome.reason) };
    }
    const latency_ms = elapsed();
    const answer = outcome.value;
    if (answer.kind === 'failed') {
      return answer.error === 'timeout'
        ? { ok: false, latency_ms, error: 'timeout', phase: 'dns' }
        : { ok: false, latency_ms, error: answer.error };
    }
    const reason = judgeDnsAnswer(answer.answer, target.type, check.expectRcode, check.expectAnswer);
    return reason === undefined ? { ok: true, latency_ms } : { ok: false, latency_ms, error: reason };
  } catch (error) {
    return { ok: false, latency_ms: elapsed(), error: describeRequestError(error) };
  } finally {
    resolver.cancel();
  }
}

/** The records of one type, each as c-ares gives it. */
function resolveRecords(resolver: Resolver, name: string, type: DnsRecordType): Promise<readonly unknown[]> {
  switch (type) {
    case 'A':
      return resolver.resolve4(name);
    case 'AAAA':
      return resolver.resolve6(name);
    case 'CNAME':
      return resolver.resolveCname(name);
    case 'MX':
      return resolver.resolveMx(name);
    case 'TXT':
      return resolver.resolveTxt(name);
  }
}

type Asked =
  | { readonly kind: 'answered'; readonly answer: DnsAnswer }
  | { readonly kind: 'failed'; readonly error: ReturnType<typeof describeRequestError> };

/** The question asked; an answer code other than NOERROR comes back as c-ares' error. Never rejects. */
async function ask(resolver: Resolver, name: string, type: DnsRecordType): Promise<Asked> {
  try {
    const records = await resolveRecords(resolver, name, type);
    return {
      kind: 'answered',
      answer: { rcode: 'NOERROR', records: records.map((record) => formatRecord(type, record)) },
    };
  } catch (error) {
    const code = errorCode(error);
    const rcode = rcodeOfError(code);
    if (rcode !== undefined) return { kind: 'answered', answer: { rcode, records: [] } };
    if (code === 'ETIMEOUT') return { kind: 'failed', error: 'timeout' };
    return { kind: 'failed', error: describeRequestError(error) };
  }
}
