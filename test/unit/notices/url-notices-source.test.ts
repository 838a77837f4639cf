import { describe, expect, it } from 'vitest';
import { urlNoticesSource } from '../../../src/notices/url-notices-source.js';

function linesFor(url: string): string[] {
  const lines: string[] = [];
  urlNoticesSource({
    url,
    componentsFile: 'data/components.json',
    log: { info: (line) => lines.push(line), error: (line) => lines.push(line) },
  });
  return lines;
}

describe('urlNoticesSource', () => {
  it.each(['http://status.example.com/api/v1/notices', 'http://10.0.0.7:8080/api/v1/notices'])(
    'warns at once that %s is plain HTTP, whose declarations anyone on the path could change',
    (url) => {
      expect(linesFor(url)).toEqual([
        `notices: ${url} is plain HTTP: anyone on the way can change the declarations every region applies; use https://`,
      ]);
    },
  );

  it.each([
    'https://status.example.com/api/v1/notices',
    'http://127.0.0.1:3000/api/v1/notices',
    'http://[::1]:3000/api/v1/notices',
  ])('says nothing of %s, over TLS or loopback', (url) => {
    expect(linesFor(url)).toEqual([]);
  });
});
