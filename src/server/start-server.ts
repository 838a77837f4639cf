import { mkdir, realpath } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_PATHS, documentFile, REGIONS_PATH } from '../api-paths.js';
import { resolveHeaders } from '../headers/resolve-headers.js';
import { readDocument } from '../io/read-document.js';
import { HeadersConfigSchema } from '../schemas/headers-config.js';
import { RegionListSchema } from '../schemas/region.js';
import { ServiceStatusSchema } from '../schemas/service-status.js';
import { ApiDocument } from './api-document.js';
import { createRequestHandler } from './create-request-handler.js';
import { createStaticFiles } from './static-files.js';

/** Connection limits: a slow or idle client cannot hold a socket for long. */
export const SERVER_LIMITS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxHeaderSizeBytes: 16 * 1024,
} as const;

export interface ServerOptions {
  readonly publicDir: string;
  readonly headersFile: string;
  readonly port: number;
  readonly host: string;
  readonly log?: (message: string) => void;
}

export interface RunningServer {
  readonly server: Server;
  readonly url: string;
  /** Stops accepting, lets in-flight requests finish, then closes every socket. */
  close(): Promise<void>;
}

/**
 * Starts the thin handler. Everything that can be decided before the first
 * request is decided here: the header config is validated (a bad one throws
 * `InputError` and nothing listens), each API path's headers are resolved and
 * its document loaded.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const log = options.log ?? ((message: string) => console.error(`[serve] ${message}`));
  const headersConfig = await readDocument(options.headersFile, HeadersConfigSchema);
  await mkdir(options.publicDir, { recursive: true });
  const publicDir = await realpath(options.publicDir);

  const documents = new Map<string, ApiDocument>();
  for (const path of API_PATHS) {
    const schema = path === REGIONS_PATH ? RegionListSchema : ServiceStatusSchema;
    const headers = resolveHeaders(headersConfig.headers, path);
    const document = new ApiDocument({ file: documentFile(publicDir, path), schema, headers, log });
    await document.start();
    documents.set(path, document);
  }

  const handler = createRequestHandler({
    documents,
    serveStatic: createStaticFiles(publicDir, headersConfig.headers),
    log,
  });
  const server = createServer(
    {
      maxHeaderSize: SERVER_LIMITS.maxHeaderSizeBytes,
      headersTimeout: SERVER_LIMITS.headersTimeoutMs,
      requestTimeout: SERVER_LIMITS.requestTimeoutMs,
      keepAliveTimeout: SERVER_LIMITS.keepAliveTimeoutMs,
    },
    handler,
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;

  return {
    server,
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const document of documents.values()) document.stop();
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 5_000).unref();
      }),
  };
}
