import { describe, expect, it } from 'vitest';
import { equalsJson, hasBodyConditions, judgeBody } from '../../../src/checks/judge-body.js';
import { resolveJsonPointer } from '../../../src/checks/resolve-json-pointer.js';
import type { BodyConditions } from '../../../src/schemas/body-conditions.js';

const DEGRADED = '{"status":"degraded","db":"down","checks":[{"name":"a/b","ok":true}],"a~b":{"x/y":1},"n":null}';

describe('resolveJsonPointer', () => {
  const document = JSON.parse(DEGRADED) as unknown;
  it.each<[string, unknown]>([
    ['', document],
    ['/status', 'degraded'],
    ['/checks/0/name', 'a/b'],
    ['/checks/0/ok', true],
    ['/a~0b/x~1y', 1],
    ['/n', null],
  ])('finds %j', (pointer, value) => {
    expect(resolveJsonPointer(document, pointer)).toEqual({ found: true, value });
  });

  it.each(['/missing', '/checks/1', '/checks/01', '/checks/-', '/status/0', '/n/x', '/toString', '/checks/length'])(
    'finds nothing at %j',
    (pointer) => {
      expect(resolveJsonPointer(document, pointer)).toEqual({ found: false });
    },
  );
});

describe('equalsJson', () => {
  it.each<[unknown, unknown, boolean]>([
    [1, 1, true],
    [1, '1', false],
    [null, null, true],
    [null, {}, false],
    [[1, 2], [1, 2], true],
    [[1, 2], [2, 1], false],
    [{ a: 1, b: [true] }, { b: [true], a: 1 }, true],
    [{ a: 1 }, { a: 1, b: 2 }, false],
    [{ a: undefined }, { b: undefined }, false],
    [[], {}, false],
  ])('%j and %j: %s', (a, b, expected) => {
    expect(equalsJson(a, b)).toBe(expected);
  });
});

describe('judgeBody', () => {
  it.each<[string, string, BodyConditions, ReturnType<typeof judgeBody>]>([
    ['no conditions', 'anything', {}, { ok: true }],
    ['a contained text', 'all healthy', { expectText: 'healthy' }, { ok: true }],
    [
      'a missing text',
      'all sick',
      { expectText: 'healthy' },
      { ok: false, reason: 'body does not contain "healthy" (8 bytes read)' },
    ],
    ['an equal value', DEGRADED, { expectJson: [{ pointer: '/db', equals: 'down' }] }, { ok: true }],
    ['a value in the list', DEGRADED, { expectJson: [{ pointer: '/status', in: ['ok', 'degraded'] }] }, { ok: true }],
    ['an equal null', DEGRADED, { expectJson: [{ pointer: '/n', equals: null }] }, { ok: true }],
    ['an equal object', DEGRADED, { expectJson: [{ pointer: '/a~0b', equals: { 'x/y': 1 } }] }, { ok: true }],
    [
      'the first failed condition',
      DEGRADED,
      {
        expectJson: [
          { pointer: '/db', equals: 'down' },
          { pointer: '/status', equals: 'ok' },
          { pointer: '/db', equals: 'up' },
        ],
      },
      { ok: false, reason: 'body at "/status" is "degraded", expected "ok"' },
    ],
    [
      'a value not in the list',
      DEGRADED,
      { expectJson: [{ pointer: '/db', in: ['up', 'ok'] }] },
      { ok: false, reason: 'body at "/db" is "down", expected one of ["up","ok"]' },
    ],
    [
      'a number where a string is expected',
      '{"code":200}',
      { expectJson: [{ pointer: '/code', equals: '200' }] },
      { ok: false, reason: 'body at "/code" is 200, expected "200"' },
    ],
    [
      'nothing at the pointer',
      DEGRADED,
      { expectJson: [{ pointer: '/version', equals: 2 }] },
      { ok: false, reason: 'body has nothing at "/version", expected 2' },
    ],
    [
      'a body that is not JSON',
      '<html>\n<h1>502 Bad Gateway</h1>',
      { expectJson: [{ pointer: '/status', equals: 'ok' }] },
      { ok: false, reason: 'body is not JSON (it starts "<html>\\n<h1>502 Bad Gateway</h1>")' },
    ],
    ['JSON after a byte order mark', '\uFEFF{"s":1}', { expectJson: [{ pointer: '/s', equals: 1 }] }, { ok: true }],
    [
      'text checked before JSON',
      '{"status":"ok"}',
      { expectText: 'healthy', expectJson: [{ pointer: '/status', equals: 'ok' }] },
      { ok: false, reason: 'body does not contain "healthy" (15 bytes read)' },
    ],
  ])('%s', (_name, body, conditions, verdict) => {
    expect(judgeBody(body, conditions)).toEqual(verdict);
  });

  it.each([
    [65, '['],
    [500_000, '['],
  ])('refuses a body nested %i deep before parsing it', (depth, open) => {
    expect(
      judgeBody(open.repeat(depth), { expectText: undefined, expectJson: [{ pointer: '/a', equals: 1 }] }),
    ).toEqual({
      ok: false,
      reason: 'body is not JSON to judge: it nests deeper than 64 levels',
    });
  });

  it('cuts a long value short and escapes what could forge a log line', () => {
    const hostile = `${'x'.repeat(200)}\u001b[31m\u2028\u202e`;
    const verdict = judgeBody(JSON.stringify({ s: `\u001b[2J\u0085${hostile}` }), {
      expectJson: [{ pointer: '/s', equals: 'ok' }],
    });
    expect(verdict.ok).toBe(false);
    const reason = verdict.ok ? '' : verdict.reason;
    expect(reason).toMatch(/^body at "\/s" is "\\u001b\[2J\\x85x+… \(\d+ more characters\), expected "ok"$/);
    expect(reason).not.toMatch(/[\p{Cc}\u2028\u202e]/u);
  });

  it('does not echo a body that is not JSON beyond the cap', () => {
    const verdict = judgeBody(`not json ${'y'.repeat(10_000)}`, { expectJson: [{ pointer: '', equals: 1 }] });
    expect(verdict.ok ? '' : verdict.reason.length).toBeLessThan(160);
  });

  it.each<[BodyConditions, boolean]>([
    [{}, false],
    [{ expectJson: [] }, false],
    [{ expectText: 'ok' }, true],
    [{ expectJson: [{ pointer: '/s', equals: 1 }] }, true],
  ])('hasBodyConditions(%j) is %s', (conditions, expected) => {
    expect(hasBodyConditions(conditions)).toBe(expected);
  });
});
