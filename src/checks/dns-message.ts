import { type Answer, type DecodedPacket, decode, encode, RECURSION_DESIRED, type StringAnswer } from 'dns-packet';
import { quoteForLog } from '../errors/quote-for-log.js';
import type { FailureReason } from '../outbound/describe-request-error.js';
import type { DnsRecordType } from '../schemas/check-url.js';
import { normalizeAddress, normalizeName } from './dns-names.js';
import type { DnsAnswer } from './judge-dns-answer.js';

/** The one question a dns check asks: its message id (chosen at random per query), NAME and TYPE, class IN. */
export interface DnsQuestion {
  readonly id: number;
  readonly name: string;
  readonly type: DnsRecordType;
}

/** What a reply said, or why it is no reply to the question: each a failure, never an answer. */
export type DnsReplyRead =
  | { readonly kind: 'answer'; readonly answer: DnsAnswer; readonly truncated: boolean }
  | { readonly kind: 'failed'; readonly reason: FailureReason };

/** How many CNAME links from the name asked are followed to the records' owner. */
const MAX_CNAME_LINKS = 8;
/** The answer codes by their number (RFC 1035 and 6895); others as `RCODE_N`. */
const RCODES = ['NOERROR', 'FORMERR', 'SERVFAIL', 'NXDOMAIN', 'NOTIMP', 'REFUSED', 'YXDOMAIN', 'YXRRSET', 'NXRRSET'];
/** How much of a name from the reply a reason quotes. */
const QUOTED_NAME_CHARS = 80;

/** The query's bytes: one question, recursion desired, no EDNS (a reply past 512 bytes comes truncated, then over TCP). */
export function encodeDnsQuery(question: DnsQuestion): Buffer {
  return encode({
    type: 'query',
    id: question.id,
    flags: RECURSION_DESIRED,
    questions: [{ name: question.name, type: question.type, class: 'IN' }],
  });
}

/**
 * Reads a name server's reply to `question`, as RFC 5452 has a resolver
 * accept one: it must decode, carry the query's id, be a response (QR set)
 * to a standard query, and echo the question (name, type, class IN; a
 * reply with an error code may leave the question out). Of its answer
 * section only the records of the type asked for whose owner is the name
 * asked, or a name the CNAME chain from it leads to, are taken; records for
 * any other name are ignored and counted. Pure.
 */
export function readDnsReply(question: DnsQuestion, bytes: Buffer): DnsReplyRead {
  let packet: DecodedPacket;
  try {
    packet = decode(bytes);
  } catch {
    return unusable(`answer unreadable: ${bytes.length} bytes that are no DNS message`);
  }
  if (packet.id !== question.id) return unusable(`answer to another query: id ${packet.id}, expected ${question.id}`);
  if (!packet.flag_qr) return unusable('answer is no response: its QR bit is clear');
  const flags = packet.flags ?? 0;
  const opcode = (flags >> 11) & 0xf;
  if (opcode !== 0) return unusable(`answer to another kind of query: opcode ${opcode}`);
  const rcode = RCODES[flags & 0xf] ?? `RCODE_${flags & 0xf}`;
  const questions = packet.questions ?? [];
  if (questions.length > 0 || rcode === 'NOERROR') {
    const [echoed, ...more] = questions;
    if (echoed === undefined || more.length > 0) {
      return unusable(`answer to another question: ${questions.length} questions, expected 1`);
    }
    const echoedClass = echoed.class ?? 'IN';
    if (normalizeName(echoed.name) !== normalizeName(question.name) || echoed.type !== question.type) {
      return unusable(
        `answer to another question: ${quoteForLog(JSON.stringify(echoed.name), QUOTED_NAME_CHARS)} ${echoed.type}`,
      );
    }
    if (echoedClass !== 'IN') return unusable(`answer to another question: class ${echoedClass}`);
  }
  const truncated = packet.flag_tc;
  if (rcode !== 'NOERROR') return { kind: 'answer', answer: { rcode, records: [] }, truncated };
  return { kind: 'answer', answer: { rcode, ...recordsFor(question, packet.answers ?? []) }, truncated };
}

/** The records answering `question` among `answers`, as text, and how many of its type were for other names. */
function recordsFor(
  question: DnsQuestion,
  answers: readonly Answer[],
): { records: string[]; otherNamesIgnored: number } {
  const inClass = answers.filter((record) => !('class' in record) || (record.class ?? 'IN') === 'IN');
  const owners = new Set([normalizeName(question.name)]);
  if (question.type !== 'CNAME') {
    let current = normalizeName(question.name);
    for (let link = 0; link < MAX_CNAME_LINKS; link += 1) {
      const next = inClass.find(
        (record): record is StringAnswer => record.type === 'CNAME' && normalizeName(record.name) === current,
      );
      if (next === undefined) break;
      current = normalizeName(next.data);
      if (owners.has(current)) break;
      owners.add(current);
    }
  }
  const ofType = inClass.filter((record) => record.type === question.type);
  const owned = ofType.filter((record) => owners.has(normalizeName(record.name)));
  return { records: owned.map(formatRecord), otherNamesIgnored: ofType.length - owned.length };
}

/**
 * One record as text, as `expect_answer` is written: an address (IPv6 in
 * its canonical form), a name (lower case, without the final dot),
 * `PRIORITY EXCHANGE` for MX, a TXT record's strings joined.
 */
export function formatRecord(record: Answer): string {
  switch (record.type) {
    case 'A':
    case 'AAAA':
      return normalizeAddress(String(record.data));
    case 'CNAME':
      return normalizeName(String(record.data));
    case 'MX':
      return `${record.data.preference ?? 0} ${normalizeName(record.data.exchange)}`;
    case 'TXT': {
      const strings = Array.isArray(record.data) ? record.data : [record.data];
      return strings.map((part) => (typeof part === 'string' ? part : part.toString('utf8'))).join('');
    }
    default:
      return '';
  }
}

function unusable(reason: `answer ${string}`): DnsReplyRead {
  return { kind: 'failed', reason };
}
