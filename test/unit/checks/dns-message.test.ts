import { type Answer, encode, type Packet } from 'dns-packet';
import { describe, expect, it } from 'vitest';
import { type DnsQuestion, encodeDnsQuery, formatRecord, readDnsReply } from '../../../src/checks/dns-message.js';
import { classifyFailure } from '../../../src/outbound/classify-failure.js';

const question: DnsQuestion = { id: 4660, name: 'Registry.test', type: 'A' };
const a = (name: string, data: string): Answer => ({ name, type: 'A', class: 'IN', ttl: 60, data });
const cname = (name: string, data: string): Answer => ({ name, type: 'CNAME', class: 'IN', ttl: 60, data });
const reply = (overrides: Partial<Packet> = {}) =>
  encode({
    type: 'response',
    id: 4660,
    flags: 0,
    questions: [{ name: 'registry.test', type: 'A', class: 'IN' }],
    answers: [a('registry.test', '10.0.0.1')],
    ...overrides,
  });

describe('readDnsReply', () => {
  it('reads the records of a reply to the question', () => {
    expect(readDnsReply(question, reply())).toEqual({
      kind: 'answer',
      answer: { rcode: 'NOERROR', records: ['10.0.0.1'], otherNamesIgnored: 0 },
      truncated: false,
    });
  });

  it('follows the CNAME chain from the name asked, and ignores records for any other name', () => {
    const answers = [
      cname('registry.test', 'edge.test'),
      cname('edge.test', 'Node.Edge.test.'),
      a('node.edge.test', '10.0.0.7'),
      a('elsewhere.test', '10.0.0.9'),
    ];
    expect(readDnsReply(question, reply({ answers }))).toMatchObject({
      answer: { records: ['10.0.0.7'], otherNamesIgnored: 1 },
    });
  });

  it('stops at a CNAME loop', () => {
    const answers = [cname('registry.test', 'loop.test'), cname('loop.test', 'registry.test')];
    expect(readDnsReply(question, reply({ answers }))).toMatchObject({ answer: { records: [] } });
  });

  it.each<[string, Buffer, string]>([
    ['bytes that are no DNS message', Buffer.from('hello, not a name server'), 'answer unreadable: '],
    ['another id', reply({ id: 4661 }), 'answer to another query: id 4661, expected 4660'],
    ['a query (QR clear)', reply({ type: 'query' }), 'answer is no response: its QR bit is clear'],
    ['another opcode', reply({ flags: 2 << 11 }), 'answer to another kind of query: opcode 2'],
    [
      'another name in the question',
      reply({ questions: [{ name: 'other.test', type: 'A', class: 'IN' }] }),
      'answer to another question: "other.test" A',
    ],
    [
      'another type in the question',
      reply({ questions: [{ name: 'registry.test', type: 'MX', class: 'IN' }] }),
      'answer to another question: "registry.test" MX',
    ],
    [
      'another class in the question',
      reply({ questions: [{ name: 'registry.test', type: 'A', class: 'CH' }] }),
      'answer to another question: class CH',
    ],
    ['no question in a NOERROR reply', reply({ questions: [] }), 'answer to another question: 0 questions'],
  ])('refuses %s, as body', (_what, bytes, reason) => {
    const read = readDnsReply(question, bytes);
    expect(read.kind).toBe('failed');
    const error = read.kind === 'failed' ? read.reason : 'refused';
    expect(error.startsWith(reason)).toBe(true);
    expect(classifyFailure(error)).toBe('body');
  });

  it('takes an error code without the question echoed', () => {
    expect(readDnsReply(question, reply({ questions: [], answers: [], flags: 3 }))).toMatchObject({
      kind: 'answer',
      answer: { rcode: 'NXDOMAIN', records: [] },
    });
  });

  it('says a reply is truncated', () => {
    expect(readDnsReply(question, reply({ flags: 1 << 9 }))).toMatchObject({ kind: 'answer', truncated: true });
  });

  it('escapes a name from the reply', () => {
    const read = readDnsReply(question, reply({ questions: [{ name: '\u001b[31mred', type: 'A', class: 'IN' }] }));
    expect(JSON.stringify(read)).not.toContain('\u001b');
  });

  it('asks one question with recursion desired', () => {
    const bytes = encodeDnsQuery(question);
    expect(bytes.readUInt16BE(0)).toBe(4660);
    expect(bytes.readUInt16BE(2)).toBe(0x0100);
    expect(bytes.readUInt16BE(4)).toBe(1);
  });
});

describe('formatRecord', () => {
  it.each<[Answer, string]>([
    [a('x.test', '10.0.0.1'), '10.0.0.1'],
    [{ name: 'x.test', type: 'AAAA', data: 'FD00:0:0:0:0:0:0:1' }, 'fd00::1'],
    [cname('x.test', 'Registry.Example.NET.'), 'registry.example.net'],
    [{ name: 'x.test', type: 'MX', data: { preference: 10, exchange: 'MX1.Mail.Test' } }, '10 mx1.mail.test'],
    [{ name: 'x.test', type: 'TXT', data: [Buffer.from('v=spf1 '), Buffer.from('-all')] }, 'v=spf1 -all'],
  ])('writes %j as expect_answer does', (record, text) => {
    expect(formatRecord(record)).toBe(text);
  });
});
