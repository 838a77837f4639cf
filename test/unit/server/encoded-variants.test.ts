import { describe, expect, it } from 'vitest';
import { encodeVariants } from '../../../src/server/encoded-variants.js';

const identity = {
  body: Buffer.from('{"a":1}'),
  etag: '"abc"',
  okHeaders: {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
    ETag: '"abc"',
    'Content-Length': '7',
  },
  notModifiedHeaders: { 'Cache-Control': 'no-store', ETag: '"abc"' },
};

describe('encodeVariants', () => {
  it('gives each encoding its own tag, length and Content-Encoding, and Vary to all of them', () => {
    const variants = encodeVariants(identity, { br: Buffer.from('BR'), gzip: Buffer.from('GZIP') });
    expect([...variants.available].sort()).toEqual(['br', 'gzip']);
    expect(variants.identity.okHeaders).toEqual({
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
      Vary: 'Accept-Encoding',
      'Accept-Ranges': 'bytes',
      ETag: '"abc"',
      'Content-Length': '7',
    });
    expect(variants.br?.okHeaders).toEqual({
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
      'Content-Encoding': 'br',
      Vary: 'Accept-Encoding',
      'Accept-Ranges': 'bytes',
      ETag: '"abc-br"',
      'Content-Length': '2',
    });
    expect(variants.gzip?.etag).toBe('"abc-gzip"');
    expect(variants.gzip?.okHeaders['Content-Length']).toBe('4');
  });

  it('leaves the bytes headers out of a 304, and keeps Vary in it', () => {
    const variants = encodeVariants(identity, { gzip: Buffer.from('GZIP') });
    expect(variants.gzip?.notModifiedHeaders).toEqual({
      'Cache-Control': 'no-store',
      Vary: 'Accept-Encoding',
      ETag: '"abc-gzip"',
    });
  });

  it('sends no Vary when nothing compressed is on offer', () => {
    const variants = encodeVariants(identity, {});
    expect(variants.available.size).toBe(0);
    expect(variants.identity.okHeaders.Vary).toBeUndefined();
    expect(variants.br).toBeUndefined();
  });

  it('adds Accept-Encoding to a Vary that headers.json already sets, once', () => {
    const withVary = { ...identity, okHeaders: { ...identity.okHeaders, Vary: 'Origin' } };
    expect(encodeVariants(withVary, { br: Buffer.from('x') }).br?.okHeaders.Vary).toBe('Origin, Accept-Encoding');
    const already = { ...identity, okHeaders: { ...identity.okHeaders, Vary: 'accept-encoding' } };
    expect(encodeVariants(already, { br: Buffer.from('x') }).br?.okHeaders.Vary).toBe('accept-encoding');
  });
});
