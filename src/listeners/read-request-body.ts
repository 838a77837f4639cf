import type { IncomingMessage } from 'node:http';

/**
 * A request's body, or `undefined` as soon as it is past `capBytes`
 * (announced or sent), or the request failed. The rest is left unread rather
 * than the request destroyed, so that the refusal can still be answered
 * (with `Connection: close`, which ends what is left).
 */
export function readRequestBody(request: IncomingMessage, capBytes: number): Promise<Buffer | undefined> {
  const announced = Number(request.headers['content-length']);
  if (Number.isFinite(announced) && announced > capBytes) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    const onData = (chunk: Buffer) => {
      bytes += chunk.byteLength;
      if (bytes <= capBytes) {
        chunks.push(chunk);
        return;
      }
      request.off('data', onData);
      request.pause();
      resolve(undefined);
    };
    request.on('data', onData);
    request.once('end', () => resolve(bytes <= capBytes ? Buffer.concat(chunks) : undefined));
    request.once('error', () => resolve(undefined));
  });
}
