import { quoteForLog } from '../errors/quote-for-log.js';
import type { FailureReason } from '../outbound/describe-request-error.js';
import type { DnsRcode } from '../schemas/check-options.js';
import type { DnsRecordType } from '../schemas/check-url.js';
import { normalizeAddress, normalizeName } from './dns-names.js';

/**
 * What a name server said: an answer code (`NOERROR`, `NXDOMAIN`, …) and,
 * for `NOERROR`, the records of the type asked for the name asked, as text
 * (`formatRecord`), with how many records of that type for other names
 * were ignored.
 */
export interface DnsAnswer {
  readonly rcode: string;
  readonly records: readonly string[];
  readonly otherNamesIgnored?: number;
}

/** How much of the records received a reason quotes. */
const QUOTED_ANSWER_CHARS = 120;

/**
 * Judges an answer: its code must be `expectRcode` (`NOERROR` unless
 * given); a `NOERROR` answer must hold every record of `expectAnswer`, or,
 * without it, at least one record. An MX record is matched by `PRIORITY
 * EXCHANGE` or by the exchange alone; names and IPv6 addresses compare in
 * their canonical form. A failure's reason says what came (`rcode NXDOMAIN,
 * expected NOERROR`; `answer lacks "10.0.0.9": got "10.0.0.1", "10.0.0.2"`),
 * quoted, cut short and escaped. Pure.
 */
export function judgeDnsAnswer(
  answer: DnsAnswer,
  type: DnsRecordType,
  expectRcode: DnsRcode = 'NOERROR',
  expectAnswer: readonly string[] = [],
): FailureReason | undefined {
  if (answer.rcode !== expectRcode) return `rcode ${answer.rcode}, expected ${expectRcode}`;
  if (answer.rcode !== 'NOERROR') return undefined;
  if (answer.records.length === 0) {
    const ignored = answer.otherNamesIgnored ?? 0;
    return ignored === 0
      ? `answer holds no ${type} records`
      : `answer holds no ${type} records for the name asked (${ignored} for other names ignored)`;
  }
  const held = new Set(answer.records);
  const exchanges = type === 'MX' ? new Set(answer.records.map((record) => record.split(' ')[1])) : new Set();
  const missing = expectAnswer.filter((expected) => {
    const wanted = type === 'MX' ? normalizeMx(expected) : type === 'TXT' ? expected : normalizeWanted(type, expected);
    return !held.has(wanted) && !exchanges.has(wanted);
  });
  if (missing.length === 0) return undefined;
  const got = answer.records.map((record) => JSON.stringify(record)).join(', ');
  return `answer lacks ${quoteForLog(missing.map((record) => JSON.stringify(record)).join(', '), QUOTED_ANSWER_CHARS)}: got ${quoteForLog(got, QUOTED_ANSWER_CHARS)}`;
}

function normalizeWanted(type: DnsRecordType, expected: string): string {
  return type === 'CNAME' ? normalizeName(expected) : normalizeAddress(expected);
}

/** `10 Mail.Example.NET.` as `10 mail.example.net`; an exchange alone as its name. */
function normalizeMx(expected: string): string {
  const [first, second] = expected.trim().split(/\s+/);
  return second === undefined ? normalizeName(first ?? '') : `${first} ${normalizeName(second)}`;
}
