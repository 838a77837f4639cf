import { describe, expect, it } from 'vitest';
import { resolveHeaders } from '../../../src/headers/resolve-headers.js';
import { ServiceStatusSchema } from '../../../src/schemas/service-status.js';
import { representDocument } from '../../../src/server/represent-document.js';
import { sampleStatus } from '../../helpers/status-fixture.js';

const headers = resolveHeaders(
  [
    {
      source: '/api/v1/status',
      headers: [
        { key: 'Content-Type', value: 'application/json' },
        { key: 'Cache-Control', value: 'no-store' },
      ],
    },
  ],
  '/api/v1/status',
);
const GOOD = `${JSON.stringify(sampleStatus())}\n`;
const represent = (body: Buffer) => representDocument('status', body, ServiceStatusSchema, headers);

describe('representDocument', () => {
  it('serves a valid document byte for byte, with its ETag and length, and a 304 without the type', () => {
    const result = represent(Buffer.from(GOOD));
    if (!result.ok) throw new Error(result.problem);
    const { representation } = result;
    expect(representation.body.toString()).toBe(GOOD);
    expect(representation.value).toEqual(sampleStatus());
    expect(representation.okHeaders).toEqual({
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
      ETag: representation.etag,
      'Content-Length': String(Buffer.byteLength(GOOD)),
    });
    expect(representation.notModifiedHeaders).toEqual({ 'Cache-Control': 'no-store', ETag: representation.etag });
  });

  it.each([
    ['invalid UTF-8', Buffer.from(GOOD.replace('Amsterdam', 'Amst\xffrdam'), 'latin1'), 'status: is not valid UTF-8'],
    ['an overlong UTF-8 encoding', Buffer.from([0x22, 0xc0, 0xae, 0x22]), 'status: is not valid UTF-8'],
    ['a UTF-8 byte order mark', Buffer.from(`\ufeff${GOOD}`), 'status: is not valid JSON'],
    ['nothing', Buffer.alloc(0), 'status: is empty'],
    ['a torn document', Buffer.from(GOOD.slice(0, 40)), 'status: is not valid JSON'],
    ['the wrong schema', Buffer.from('{"status":"fine"}'), 'status: status:'],
  ])('refuses %s, saying why', (_name, body, problem) => {
    const result = represent(body);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.problem).toContain(problem);
  });
});
