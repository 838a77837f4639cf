import { Server, ServerCredentials } from '@grpc/grpc-js';
import { HealthImplementation, type ServingStatus } from 'grpc-health-check';

/** A real gRPC server on loopback, with the standard health service (grpc-health-check) unless told not to. */
export interface GrpcHealthServer {
  readonly port: number;
  /** Sets what the health service answers for `service` (`''`: the server as a whole). */
  setStatus(service: string, status: ServingStatus): void;
  stop(): Promise<void>;
}

export interface GrpcHealthServerOptions {
  /** What the health service answers at start, by service; left out, the server has no health service at all. */
  readonly statuses?: Record<string, ServingStatus>;
  /** A key and certificate (PEM): the server speaks TLS. */
  readonly tls?: { readonly key: string; readonly cert: string };
  /** Instead of a health service, one whose Check takes every call and never answers. */
  readonly hang?: boolean;
}

/** Starts the server on a free loopback port. */
export async function startGrpcHealthServer({
  statuses,
  tls,
  hang = false,
}: GrpcHealthServerOptions = {}): Promise<GrpcHealthServer> {
  const server = new Server();
  const health = statuses === undefined ? undefined : new HealthImplementation(statuses);
  health?.addToServer(server);
  if (hang) {
    const same = (bytes: Buffer) => bytes;
    const check = { path: '/grpc.health.v1.Health/Check', requestStream: false, responseStream: false };
    const codec = {
      requestSerialize: same,
      requestDeserialize: same,
      responseSerialize: same,
      responseDeserialize: same,
    };
    server.addService({ Check: { ...check, ...codec } }, { Check: () => {} });
  }
  const credentials =
    tls === undefined
      ? ServerCredentials.createInsecure()
      : ServerCredentials.createSsl(
          null,
          [{ private_key: Buffer.from(tls.key), cert_chain: Buffer.from(tls.cert) }],
          false,
        );
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', credentials, (error, bound) => (error ? reject(error) : resolve(bound))),
  );
  return {
    port,
    setStatus(service, status) {
      if (health === undefined) throw new Error('this server has no health service');
      health.setStatus(service, status);
    },
    stop: async () => server.forceShutdown(),
  };
}
