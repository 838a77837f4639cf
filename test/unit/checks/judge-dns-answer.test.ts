import { describe, expect, it } from 'vitest';
import { judgeDnsAnswer } from '../../../src/checks/judge-dns-answer.js';
import { classifyFailure } from '../../../src/outbound/classify-failure.js';

describe('judgeDnsAnswer', () => {
  const answer = (records: string[], rcode = 'NOERROR' as const) => ({ rcode, records });

  it.each<[string, Parameters<typeof judgeDnsAnswer>, string | undefined]>([
    [
      'an answer holding every expected address',
      [answer(['10.0.0.1', '10.0.0.2']), 'A', undefined, ['10.0.0.2']],
      undefined,
    ],
    ['any answer when nothing is expected', [answer(['10.0.0.1']), 'A'], undefined],
    [
      'an MX expected by its exchange alone',
      [answer(['10 mx1.mail.test']), 'MX', undefined, ['MX1.mail.test.']],
      undefined,
    ],
    [
      'an MX expected with its priority',
      [answer(['10 mx1.mail.test']), 'MX', undefined, ['10 mx1.mail.test']],
      undefined,
    ],
    ['an IPv6 address written long', [answer(['fd00::1']), 'AAAA', undefined, ['fd00:0::1']], undefined],
    [
      'a name expected with its final dot',
      [answer(['registry.test']), 'CNAME', undefined, ['Registry.Test.']],
      undefined,
    ],
    ['the expected NXDOMAIN', [{ rcode: 'NXDOMAIN', records: [] }, 'A', 'NXDOMAIN'], undefined],
    [
      'an answer lacking an address',
      [answer(['10.0.0.1', '10.0.0.2']), 'A', undefined, ['10.0.0.9']],
      'answer lacks "10.0.0.9": got "10.0.0.1", "10.0.0.2"',
    ],
    [
      'an MX of another priority',
      [answer(['20 mx1.mail.test']), 'MX', undefined, ['10 mx1.mail.test']],
      'answer lacks "10 mx1.mail.test": got "20 mx1.mail.test"',
    ],
    ['a name that does not exist', [{ rcode: 'NXDOMAIN', records: [] }, 'A'], 'rcode NXDOMAIN, expected NOERROR'],
    [
      'a name that exists where NXDOMAIN is expected',
      [answer(['10.0.0.1']), 'A', 'NXDOMAIN'],
      'rcode NOERROR, expected NXDOMAIN',
    ],
    ['SERVFAIL', [{ rcode: 'SERVFAIL', records: [] }, 'A'], 'rcode SERVFAIL, expected NOERROR'],
    ['no records of the type', [answer([]), 'MX'], 'answer holds no MX records'],
    [
      'records only for other names',
      [{ rcode: 'NOERROR', records: [], otherNamesIgnored: 2 }, 'A', undefined, ['10.0.0.1']],
      'answer holds no A records for the name asked (2 for other names ignored)',
    ],
  ])('%s', (_what, args, reason) => {
    expect(judgeDnsAnswer(...args)).toBe(reason);
  });

  it('escapes and cuts what the name server sent', () => {
    const reason = judgeDnsAnswer(answer(['\u001b[31mred', 'x'.repeat(500)]), 'TXT', undefined, ['ok']) ?? '';
    expect(reason).not.toContain('\u001b');
    expect(reason.length).toBeLessThan(400);
  });

  it('counts a wrong code under dns and a wrong answer under body, classes older peers know', () => {
    expect(classifyFailure('rcode NXDOMAIN, expected NOERROR')).toBe('dns');
    expect(classifyFailure('answer lacks "10.0.0.9": got "10.0.0.1"')).toBe('body');
  });
});
