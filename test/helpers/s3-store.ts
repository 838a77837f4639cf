import { execFile } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import { join } from 'node:path';
import { promisify } from 'node:util';
import S3rver from 's3rver';
import { z } from 'zod';
import { makeTempDir } from './temp-dirs.js';

const run = promisify(execFile);

/** The credentials s3rver accepts. */
export const S3RVER_KEY = 'S3RVER';

/** A real S3-compatible server (s3rver) on loopback, and every object PUT it took, in order. */
export interface S3Store {
  readonly endpoint: string;
  readonly port: number;
  /** Keys of the objects stored by PUT since start, in order (`bucket/key`). */
  readonly puts: string[];
  /** Stops answering: the port is closed. */
  stop(): Promise<void>;
  /** Starts again on the same port with the same objects. */
  restart(): Promise<void>;
  /** Stops and removes its files. */
  close(): Promise<void>;
}

/** Starts s3rver on 127.0.0.1 (port 0 unless given) with `buckets` created. */
export async function startS3Store(buckets: readonly string[]): Promise<S3Store> {
  const { dir: directory, remove } = await makeTempDir({ prefix: 's3rver-' });
  const puts: string[] = [];
  let server: S3rver | undefined;
  let port = 0;
  async function start(): Promise<void> {
    const next = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: buckets.map((name) => ({ name, configs: [] })),
    });
    // s3rver is a Koa application, an EventEmitter, though its types do not say so.
    (next as unknown as EventEmitter).on(
      'event',
      (event: { Records: { eventName: string; s3: { bucket: { name: string }; object: { key: string } } }[] }) => {
        for (const record of event.Records) {
          if (record.eventName === 'ObjectCreated:Put') puts.push(`${record.s3.bucket.name}/${record.s3.object.key}`);
        }
      },
    );
    ({ port } = await next.run());
    server = next;
  }
  await start();
  return {
    get endpoint() {
      return `http://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    puts,
    async stop() {
      await server?.close();
      server = undefined;
    },
    restart: start,
    async close() {
      await server?.close();
      server = undefined;
      await remove();
    },
  };
}

/** The environment for the SDK and the `aws` CLI against `store`: its credentials, no config files, no metadata lookups. */
export function s3Env(store: { readonly endpoint: string }, home: string): NodeJS.ProcessEnv {
  return {
    AWS_ACCESS_KEY_ID: S3RVER_KEY,
    AWS_SECRET_ACCESS_KEY: S3RVER_KEY,
    AWS_REGION: 'us-east-1',
    AWS_DEFAULT_REGION: 'us-east-1',
    AWS_ENDPOINT_URL_S3: store.endpoint,
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_CONFIG_FILE: join(home, 'no-aws-config'),
    AWS_SHARED_CREDENTIALS_FILE: join(home, 'no-aws-credentials'),
  };
}

/** One object as `aws s3api list-objects-v2` reports it. */
const ListedObjectSchema = z.object({ Key: z.string(), ETag: z.string(), LastModified: z.string(), Size: z.number() });
export type ListedObject = z.infer<typeof ListedObjectSchema>;

/**
 * Lists a bucket with Debian's `aws` CLI (by absolute path: a pyenv shim may
 * come first on PATH), not through the project's own code.
 */
export async function listBucket(store: S3Store, bucket: string, home: string): Promise<ListedObject[]> {
  const { stdout } = await run(
    '/usr/bin/aws',
    ['--endpoint-url', store.endpoint, 's3api', 'list-objects-v2', '--bucket', bucket, '--output', 'json'],
    { env: { PATH: '/usr/bin:/bin', HOME: home, ...s3Env(store, home) } },
  );
  if (stdout.trim() === '') return [];
  return z.object({ Contents: z.array(ListedObjectSchema).default([]) }).parse(JSON.parse(stdout)).Contents;
}
