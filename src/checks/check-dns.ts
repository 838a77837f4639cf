import { randomInt } from 'node:crypto';
import { describeRequestError } from '../outbound/describe-request-error.js';
import { withDeadline } from '../outbound/with-deadline.js';
import { parseDnsUrl } from '../schemas/check-url.js';
import type { CheckContext, CheckRun } from './check-context.js';
import type { CheckResult } from './check-result.js';
import { type DnsQuestion, type DnsReplyRead, encodeDnsQuery, readDnsReply } from './dns-message.js';
import { type DnsServer, dnsServerOf, exchangeOverTcp, exchangeOverUdp } from './exchange-dns.js';
import { judgeDnsAnswer } from './judge-dns-answer.js';
import type { DnsCheck } from './probe-check.js';

/**
 * Asks `check.url`'s name server (`dns://[SERVER[:PORT]]/NAME?type=TYPE`;
 * without SERVER, the system's first) for NAME's records of TYPE, once,
 * over UDP, and again over TCP when the reply comes truncated. The reply
 * must be one to this very question (`readDnsReply`: its id, a response,
 * the question echoed, only records for NAME or the CNAME chain from it);
 * anything else that comes back fails at once, saying what it was
 * (`answer to another query: …`). The answer is judged by
 * `judgeDnsAnswer`; no reply within `timeoutMs` is a `timeout` (phase
 * `dns`), an ICMP refusal `refused`. Every socket is closed when the check
 * ends, however it ends. Never throws.
 */
export async function checkDns(check: DnsCheck, context: CheckContext & CheckRun): Promise<CheckResult> {
  const { elapsed, signal } = context;
  const target = parseDnsUrl(check.url);
  if (target === undefined) return { ok: false, latency_ms: 0, error: 'error (ERR_INVALID_URL)' };
  const server = dnsServerOf(target.server);
  if (server === undefined) return { ok: false, latency_ms: elapsed(), error: 'error (ENONAMESERVER)' };
  const question: DnsQuestion = { id: randomInt(0, 0x10000), name: target.name, type: target.type };
  const outcome = await withDeadline((ended) => ask(server, question, ended), check.timeoutMs, signal);
  const latency_ms = elapsed();
  if (outcome.kind === 'timeout') return { ok: false, latency_ms, error: 'timeout', phase: 'dns' };
  if (outcome.kind === 'aborted') return { ok: false, latency_ms, error: describeRequestError(outcome.reason) };
  const read = outcome.value;
  if (read.kind === 'failed') return { ok: false, latency_ms, error: read.reason };
  const reason = judgeDnsAnswer(read.answer, target.type, check.expectRcode, check.expectAnswer);
  return reason === undefined ? { ok: true, latency_ms } : { ok: false, latency_ms, error: reason };
}

/** The question asked over UDP, and over TCP if the reply is truncated. Never rejects. */
async function ask(server: DnsServer, question: DnsQuestion, signal: AbortSignal): Promise<DnsReplyRead> {
  const query = encodeDnsQuery(question);
  const overUdp = await exchangeOverUdp(server, query, signal);
  if (overUdp.kind === 'failed') return { kind: 'failed', reason: overUdp.error };
  const read = readDnsReply(question, overUdp.bytes);
  if (read.kind === 'failed' || !read.truncated) return read;
  const overTcp = await exchangeOverTcp(server, query, signal);
  if (overTcp.kind === 'failed') return { kind: 'failed', reason: overTcp.error };
  const whole = readDnsReply(question, overTcp.bytes);
  return whole.kind === 'answer' ? { ...whole, truncated: false } : whole;
}
