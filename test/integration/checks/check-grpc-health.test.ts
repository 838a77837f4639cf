import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from '../../../src/checks/run-check.js';
import { classifyFailure } from '../../../src/outbound/classify-failure.js';
import { type GrpcHealthServer, startGrpcHealthServer } from '../../helpers/grpc-health-server.js';
import { type SilentListener, startSilentListener } from '../../helpers/stalls.js';
import { createTestCa, type TestCa } from '../../helpers/test-certificates.js';
import { waitFor } from '../../helpers/test-server.js';
import { unusedPort } from '../../helpers/unused-port.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const grpcCheck = (url: string, extra: { ca?: string; timeoutMs?: number } = {}) =>
  runCheck({ kind: 'grpc', url, timeoutMs: extra.timeoutMs ?? 3000, expectStatus: undefined, ca: extra.ca });

describe('a grpc check against a real gRPC server with the standard health service', () => {
  let server: GrpcHealthServer;
  let bare: GrpcHealthServer;
  beforeAll(async () => {
    server = await startGrpcHealthServer({
      statuses: { '': 'SERVING', 'scheduler.v1.Scheduler': 'NOT_SERVING', 'registry.v1.Registry': 'UNKNOWN' },
    });
    bare = await startGrpcHealthServer();
  });
  afterAll(async () => {
    await server?.stop();
    await bare?.stop();
  });

  it('passes SERVING for the server as a whole', async () => {
    const result = await grpcCheck(`grpc://127.0.0.1:${server.port}`);
    expect(result).toMatchObject({ ok: true });
    expect(result.latency_ms).toBeLessThan(3000);
  });

  it.each([
    ['NOT_SERVING', 'scheduler.v1.Scheduler', 'health NOT_SERVING'],
    ['UNKNOWN', 'registry.v1.Registry', 'health UNKNOWN'],
    [
      'an unknown service',
      'billing.v1.Billing',
      'health NOT_FOUND: the server does not know service "billing.v1.Billing"',
    ],
  ])('fails %s, as status', async (_what, service, reason) => {
    const result = await grpcCheck(`grpc://127.0.0.1:${server.port}/${service}`);
    expect(result).toMatchObject({ ok: false, error: reason });
    expect(classifyFailure(result.error ?? 'refused')).toBe('status');
  });

  it('fails UNIMPLEMENTED where the server has no health service', async () => {
    expect(await grpcCheck(`grpc://127.0.0.1:${bare.port}`)).toMatchObject({
      ok: false,
      error: 'health UNIMPLEMENTED: the server has no health service',
    });
  });

  it('follows a service that stops serving and comes back', async () => {
    const url = `grpc://127.0.0.1:${server.port}/deploys.v1.Deploys`;
    server.setStatus('deploys.v1.Deploys', 'NOT_SERVING');
    expect(await grpcCheck(url)).toMatchObject({ ok: false, error: 'health NOT_SERVING' });
    server.setStatus('deploys.v1.Deploys', 'SERVING');
    expect(await grpcCheck(url)).toMatchObject({ ok: true });
  });

  it('resolves a host name as every check does', async () => {
    expect(await grpcCheck(`grpc://localhost:${server.port}`)).toMatchObject({ ok: true });
  });

  it('fails refused where nothing listens', async () => {
    expect(await grpcCheck(`grpc://127.0.0.1:${await unusedPort()}`)).toMatchObject({ ok: false, error: 'refused' });
  });

  it('fails dns for a name that does not resolve', async () => {
    expect(await grpcCheck('grpc://scheduler.invalid:50051')).toMatchObject({ ok: false, error: 'dns' });
  });
});

describe('a grpc check of a server that accepts and never answers', () => {
  let silent: SilentListener;
  beforeAll(async () => {
    silent = await startSilentListener();
  });
  afterAll(() => silent?.close());

  it('times out at its deadline, while connecting', async () => {
    const { port } = silent;
    const started = performance.now();
    const result = await grpcCheck(`grpc://127.0.0.1:${port}`, { timeoutMs: 400 });
    expect(result).toMatchObject({ ok: false, error: 'timeout', phase: 'connect' });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('leaves no connection open after its cycles against a port that never speaks HTTP/2', async () => {
    const before = silent.accepted();
    for (let cycle = 0; cycle < 7; cycle += 1) {
      expect(await grpcCheck(`grpc://127.0.0.1:${silent.port}`, { timeoutMs: 200 })).toMatchObject({
        error: 'timeout',
      });
    }
    expect(silent.accepted() - before).toBeGreaterThanOrEqual(7);
    await waitFor(async () => silent.open() === 0, 3_000);
  });
});

describe('a grpc check of a server whose health service never answers', () => {
  let hanging: GrpcHealthServer;
  beforeAll(async () => {
    hanging = await startGrpcHealthServer({ hang: true });
  });
  afterAll(() => hanging?.stop());

  it('times out at its deadline, connected and waiting for the answer', async () => {
    const result = await grpcCheck(`grpc://127.0.0.1:${hanging.port}`, { timeoutMs: 500 });
    expect(result).toMatchObject({ ok: false, error: 'timeout', phase: 'headers' });
  });
});

describe('a grpcs check', () => {
  let ca: TestCa;
  let server: GrpcHealthServer;
  beforeAll(async () => {
    ca = await createTestCa();
    server = await startGrpcHealthServer({ statuses: { '': 'SERVING' }, tls: await ca.issueLeaf({ days: 5 }) });
  });
  afterAll(async () => {
    await server?.stop();
    await ca?.remove();
  });

  it('passes with the CA of ca_file trusted, and keeps when the served certificates expire', async () => {
    const result = await grpcCheck(`grpcs://localhost:${server.port}`, { ca: ca.caPem });
    expect(result).toMatchObject({ ok: true });
    const expiresInDays = ((result.certificate?.leafExpiresAtMs ?? 0) - Date.now()) / DAY_MS;
    expect(expiresInDays).toBeGreaterThan(4);
    expect(expiresInDays).toBeLessThanOrEqual(5);
  });

  it('fails tls with only the bundled roots trusted: verification is never off', async () => {
    const result = await grpcCheck(`grpcs://localhost:${server.port}`);
    expect(result).toMatchObject({ ok: false, error: 'tls' });
  });

  it('fails tls for a name the certificate does not carry', async () => {
    const other = await startGrpcHealthServer({
      statuses: { '': 'SERVING' },
      tls: await ca.issueLeaf({ days: 5, hosts: ['scheduler.example'] }),
    });
    try {
      expect(await grpcCheck(`grpcs://localhost:${other.port}`, { ca: ca.caPem })).toMatchObject({
        ok: false,
        error: 'tls',
      });
    } finally {
      await other.stop();
    }
  });
});
