import { describe, expect, it } from 'vitest';
import { checkKindOf, parseDnsUrl, parseGrpcUrl } from '../../../src/schemas/check-url.js';
import { CheckUrlSchema } from '../../../src/schemas/components-config.js';

describe('checkKindOf', () => {
  it.each([
    ['https://api.example.net/healthz', 'http'],
    ['http://127.0.0.1:4101/', 'http'],
    ['tcp://db.internal:5432', 'tcp'],
    ['dns://10.0.0.53/registry.example.net?type=A', 'dns'],
    ['DNS:///registry.example.net', 'dns'],
    ['grpc://scheduler.internal:50051', 'grpc'],
    ['grpcs://scheduler.internal:443/scheduler.v1.Scheduler', 'grpc'],
    ['statuspage+https://www.githubstatus.com', 'statuspage'],
    ['statuspage+http://status.internal', 'statuspage'],
    ['ftp://files.example.net/', 'http'],
    ['nonsense', 'http'],
  ])('%s is a %s check', (url, kind) => {
    expect(checkKindOf(url)).toBe(kind);
  });
});

describe('parseDnsUrl', () => {
  it.each([
    [
      'dns://10.0.0.53/registry.example.net?type=A',
      { server: '10.0.0.53:53', name: 'registry.example.net', type: 'A' },
    ],
    ['dns://127.0.0.1:5353/registry.test?type=aaaa', { server: '127.0.0.1:5353', name: 'registry.test', type: 'AAAA' }],
    ['dns://[::1]:5353/mail.test?type=MX', { server: '[::1]:5353', name: 'mail.test', type: 'MX' }],
    ['dns:///registry.example.net', { server: undefined, name: 'registry.example.net', type: 'A' }],
    ['dns:///example.net.?type=TXT', { server: undefined, name: 'example.net', type: 'TXT' }],
    ['dns:///_dmarc.example.net?type=TXT', { server: undefined, name: '_dmarc.example.net', type: 'TXT' }],
  ])('reads %s', (url, target) => {
    expect(parseDnsUrl(url)).toEqual(target);
  });

  it.each([
    ['a server that is a name', 'dns://ns1.example.net/registry.example.net'],
    ['no name', 'dns://10.0.0.53/'],
    ['a type it cannot ask for', 'dns://10.0.0.53/example.net?type=SRV'],
    ['another parameter', 'dns://10.0.0.53/example.net?type=A&class=IN'],
    ['the type twice', 'dns://10.0.0.53/example.net?type=A&type=MX'],
    ['credentials', 'dns://user:pw@10.0.0.53/example.net'],
    ['a fragment', 'dns://10.0.0.53/example.net#x'],
    ['port 0', 'dns://10.0.0.53:0/example.net'],
    ['a label of 64 characters', `dns://10.0.0.53/${'a'.repeat(64)}.net`],
    ['an empty label', 'dns://10.0.0.53/a..net'],
    ['a name not in ASCII', 'dns://10.0.0.53/zürich.example'],
    ['another scheme', 'https://10.0.0.53/example.net'],
  ])('refuses %s', (_what, url) => {
    expect(parseDnsUrl(url)).toBeUndefined();
  });
});

describe('parseGrpcUrl', () => {
  it.each([
    ['grpc://scheduler.internal:50051', { host: 'scheduler.internal', port: 50051, tls: false, service: '' }],
    [
      'grpcs://scheduler.internal:443/scheduler.v1.Scheduler',
      { host: 'scheduler.internal', port: 443, tls: true, service: 'scheduler.v1.Scheduler' },
    ],
    ['grpc://[::1]:50051/', { host: '::1', port: 50051, tls: false, service: '' }],
  ])('reads %s', (url, target) => {
    expect(parseGrpcUrl(url)).toEqual(target);
  });

  it.each([
    ['no port', 'grpc://scheduler.internal'],
    ['port 70000', 'grpc://scheduler.internal:70000'],
    ['two path segments', 'grpc://scheduler.internal:50051/a/b'],
    ['a query', 'grpc://scheduler.internal:50051?x=1'],
    ['credentials', 'grpcs://u:p@scheduler.internal:443'],
  ])('refuses %s', (_what, url) => {
    expect(parseGrpcUrl(url)).toBeUndefined();
  });
});

describe('CheckUrlSchema', () => {
  const reasonFor = (url: string) => CheckUrlSchema.safeParse(url).error?.issues[0]?.message;

  it.each([
    'dns://10.0.0.53/registry.example.net?type=A',
    'grpcs://scheduler.internal:443/scheduler.v1.Scheduler',
    'statuspage+https://www.githubstatus.com',
    'statuspage+http://status.internal/prefix/',
  ])('accepts %s', (url) => {
    expect(reasonFor(url)).toBeUndefined();
  });

  it.each([
    [
      'dns://ns1.example/registry.example.net',
      /^a dns URL is dns:\/\/\[SERVER\[:PORT\]\]\/NAME\?type=A\|AAAA\|CNAME\|MX\|TXT/,
    ],
    ['grpc://scheduler.internal', /^a grpc URL is grpc:\/\/HOST:PORT\[\/SERVICE\]/],
    ['statuspage+ftp://status.example', /^a statuspage URL is statuspage\+https:\/\//],
    ['statuspage+https://www.githubstatus.com/?x=1', /no query or fragment/],
    ['statuspage+https://www.githubstatus.com:0/', /has port 0/],
    ['gopher://example.net/', /or tcp:\/\/host:port, dns:\/\/, grpc\(s\):\/\/ or statuspage\+https:\/\/$/],
  ])('refuses %s, saying how its kind is written', (url, reason) => {
    expect(reasonFor(url)).toMatch(reason);
  });

  it('never echoes the URL, which may carry credentials', () => {
    expect(reasonFor('statuspage+https://user:s3cret@status.example:0/')).not.toContain('s3cret');
  });
});
