import { createSocket, type Socket } from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from '../../../src/checks/run-check.js';
import { classifyFailure } from '../../../src/outbound/classify-failure.js';
import type { DnsRcode } from '../../../src/schemas/check-options.js';
import { type Dnsmasq, hasDnsmasq, startDnsmasq } from '../../helpers/dnsmasq.js';
import { unusedPort } from '../../helpers/unused-port.js';

const dnsCheck = (url: string, extra: { expectAnswer?: string[]; expectRcode?: DnsRcode; timeoutMs?: number } = {}) =>
  runCheck({ kind: 'dns', url, timeoutMs: extra.timeoutMs ?? 2000, expectStatus: undefined, ...extra });

describe.skipIf(!hasDnsmasq())('a dns check against a real name server (dnsmasq on loopback)', () => {
  let dns: Dnsmasq;
  beforeAll(async () => {
    dns = await startDnsmasq({
      hosts: ['10.0.0.1 registry.test', '10.0.0.2 registry.test', 'fd00::1 registry.test'],
      flags: [
        '--cname=alias.test,registry.test',
        '--mx-host=mail.test,mx1.mail.test,10',
        '--txt-record=txt.test,v=spf1 -all',
      ],
    });
  });
  afterAll(() => dns?.stop());

  const at = (name: string, type = 'A') => `dns://${dns.server}/${name}?type=${type}`;

  it.each([
    ['A', 'registry.test', ['10.0.0.2']],
    ['AAAA', 'registry.test', ['fd00::1']],
    ['CNAME', 'alias.test', ['registry.test']],
    ['MX', 'mail.test', ['mx1.mail.test']],
    ['TXT', 'txt.test', ['v=spf1 -all']],
  ])('passes an answer of type %s that holds what is expected', async (type, name, expectAnswer) => {
    const result = await dnsCheck(at(name, type), { expectAnswer });
    expect(result).toMatchObject({ ok: true });
    expect(result.latency_ms).toBeLessThan(2000);
  });

  it('passes any answer with records when none is expected', async () => {
    expect(await dnsCheck(at('registry.test'))).toMatchObject({ ok: true });
  });

  it('fails an answer without an expected record, saying what it got, as body', async () => {
    const result = await dnsCheck(at('registry.test'), { expectAnswer: ['10.0.0.9'] });
    expect(result).toMatchObject({ ok: false, error: 'answer lacks "10.0.0.9": got "10.0.0.1", "10.0.0.2"' });
    expect(classifyFailure(result.error ?? 'refused')).toBe('body');
  });

  it('fails NXDOMAIN for a name that does not exist, as dns', async () => {
    const result = await dnsCheck(at('missing.test'));
    expect(result).toMatchObject({ ok: false, error: 'rcode NXDOMAIN, expected NOERROR' });
    expect(classifyFailure(result.error ?? 'refused')).toBe('dns');
  });

  it('passes NXDOMAIN where it is the expected code', async () => {
    expect(await dnsCheck(at('missing.test'), { expectRcode: 'NXDOMAIN' })).toMatchObject({ ok: true });
  });

  it('fails a name that exists without records of the type asked for', async () => {
    expect(await dnsCheck(at('registry.test', 'MX'))).toMatchObject({ ok: false, error: 'answer holds no MX records' });
  });

  it('sees the server change its answer, and change it back', async () => {
    await dns.setHosts(['10.0.0.7 registry.test']);
    expect(await dnsCheck(at('registry.test'), { expectAnswer: ['10.0.0.1'] })).toMatchObject({
      ok: false,
      error: 'answer lacks "10.0.0.1": got "10.0.0.7"',
    });
    await dns.setHosts(['10.0.0.1 registry.test', '10.0.0.2 registry.test', 'fd00::1 registry.test']);
    expect(await dnsCheck(at('registry.test'), { expectAnswer: ['10.0.0.1'] })).toMatchObject({ ok: true });
  });
});

describe('a dns check against a server that does not answer', () => {
  let silent: Socket;
  let silentServer: string;
  beforeAll(async () => {
    silent = createSocket('udp4');
    // Receives every query and answers none: a name server that hangs.
    silent.on('message', () => {});
    await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
    silentServer = `127.0.0.1:${silent.address().port}`;
  });
  afterAll(() => new Promise<void>((resolve) => silent.close(() => resolve())));

  it('times out at its deadline, in the dns phase', async () => {
    const started = performance.now();
    const result = await dnsCheck(`dns://${silentServer}/registry.test`, { timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, error: 'timeout', phase: 'dns' });
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('fails refused where nothing listens on the port', async () => {
    const port = await unusedPort();
    expect(await dnsCheck(`dns://127.0.0.1:${port}/registry.test`)).toMatchObject({ ok: false, error: 'refused' });
  });

  it('stops at once when the probe shuts down', async () => {
    const controller = new AbortController();
    const pending = runCheck(
      { kind: 'dns', url: `dns://${silentServer}/registry.test`, timeoutMs: 5000, expectStatus: undefined },
      { signal: controller.signal },
    );
    controller.abort(new Error('probe stopping'));
    const result = await pending;
    expect(result.ok).toBe(false);
    expect(result.latency_ms).toBeLessThan(1000);
  });
});
