import { isIP } from 'node:net';
import { quoteForLog } from '../errors/quote-for-log.js';
import type { FailureReason } from '../outbound/describe-request-error.js';
import type { DnsRcode } from '../schemas/check-options.js';
import type { DnsRecordType } from '../schemas/check-url.js';

/** What a name server said: an answer code and, for `NOERROR`, the records of the type asked for, as text. */
export interface DnsAnswer {
  readonly rcode: DnsRcode;
  readonly records: readonly string[];
}

/** The answer codes behind c-ares' error codes; an empty `NOERROR` answer is `ENODATA`. */
const RCODE_BY_CODE: Readonly<Record<string, DnsRcode>> = {
  ENODATA: 'NOERROR',
  ENOTFOUND: 'NXDOMAIN',
  ESERVFAIL: 'SERVFAIL',
  EREFUSED: 'REFUSED',
  ENOTIMP: 'NOTIMP',
  EFORMERR: 'FORMERR',
};

/** The answer code a resolver's error stands for, or `undefined` when no answer came (a timeout, a refused socket). */
export function rcodeOfError(code: string | undefined): DnsRcode | undefined {
  return code === undefined ? undefined : RCODE_BY_CODE[code];
}

/** How much of the records received a reason quotes. */
const QUOTED_ANSWER_CHARS = 120;

/**
 * One record as text, as `expect_answer` is written: an address, a name
 * (lower case, without the final dot), `PRIORITY EXCHANGE` for MX, and a
 * TXT record's strings joined.
 */
export function formatRecord(type: DnsRecordType, record: unknown): string {
  if (type === 'MX' && typeof record === 'object' && record !== null) {
    return `${Reflect.get(record, 'priority')} ${normalizeName(String(Reflect.get(record, 'exchange')))}`;
  }
  if (type === 'TXT' && Array.isArray(record)) return record.join('');
  return type === 'CNAME' ? normalizeName(String(record)) : normalizeAddress(String(record));
}

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
  if (answer.records.length === 0) return `answer holds no ${type} records`;
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

function normalizeName(name: string): string {
  return name.toLowerCase().replace(/\.$/, '');
}

/** An IPv6 address in its canonical (compressed, lower-case) form; anything else as written. */
function normalizeAddress(address: string): string {
  return isIP(address) === 6 ? new URL(`http://[${address}]/`).hostname.slice(1, -1) : address;
}
