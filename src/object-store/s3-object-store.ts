import { PutObjectCommand, type PutObjectCommandInput, S3Client } from '@aws-sdk/client-s3';
import { redactUrl } from '../outbound/redact-url.js';
import { readEndpointEnv } from './read-endpoint-env.js';

/** One object to store: its key, its bytes and the headers S3 keeps on it (lower-case names). */
export interface StoredObject {
  readonly key: string;
  readonly body: Uint8Array;
  readonly metadata: ReadonlyMap<string, string>;
}

/** The small interface a bucket is written through. */
export interface ObjectStore {
  /** The custom endpoint, redacted, or `''` for AWS's own. */
  readonly endpoint: string;
  /** Stores one object, replacing any old one whole; rejects with the SDK's error. */
  put(bucket: string, object: StoredObject, signal: AbortSignal): Promise<void>;
  /** Closes the connections kept alive, so a one-shot process can exit. */
  close(): void;
}

type SetField = (input: PutObjectCommandInput, value: string) => void;

/** The S3 setting for each header an object can carry (the names of `S3_HEADER_FLAGS`). */
const PUT_FIELDS: ReadonlyMap<string, SetField> = new Map<string, SetField>([
  ['content-type', (input, value) => Object.assign(input, { ContentType: value })],
  ['cache-control', (input, value) => Object.assign(input, { CacheControl: value })],
  ['content-disposition', (input, value) => Object.assign(input, { ContentDisposition: value })],
  ['content-encoding', (input, value) => Object.assign(input, { ContentEncoding: value })],
  ['content-language', (input, value) => Object.assign(input, { ContentLanguage: value })],
  [
    'expires',
    (input, value) => {
      const date = new Date(value);
      if (!Number.isNaN(date.getTime())) input.Expires = date;
    },
  ],
]);

/**
 * A bucket through AWS's SDK, configured entirely by its standard chain:
 * credentials and region from the environment, the shared config and
 * credentials files, or an instance or container role; the endpoint from
 * `AWS_ENDPOINT_URL_S3` or `AWS_ENDPOINT_URL` (`readEndpointEnv`, which
 * refuses one that is not an http(s) URL; or `endpoint_url` in the shared
 * config). With a custom endpoint in the environment, keys go in the
 * path (`ENDPOINT/BUCKET/KEY`), as MinIO, s3rver and most S3-compatible stores
 * need. Checksums are sent only where S3 requires them, which
 * every S3-compatible store understands. The SDK logs nothing.
 */
export function createS3ObjectStore(custom: string | undefined = readEndpointEnv()): ObjectStore {
  const client = new S3Client({
    // Given explicitly, so that the endpoint checked at start is the one used.
    ...(custom === undefined ? {} : { endpoint: custom }),
    forcePathStyle: custom !== undefined,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    endpoint: custom === undefined ? '' : redactUrl(custom),
    async put(bucket, { key, body, metadata }, signal) {
      const input: PutObjectCommandInput = { Bucket: bucket, Key: key, Body: body };
      for (const [name, value] of metadata) {
        PUT_FIELDS.get(name)?.(input, value);
      }
      await client.send(new PutObjectCommand(input), { abortSignal: signal });
    },
    close() {
      client.destroy();
    },
  };
}
