import type { IncomingMessage } from 'node:http';

/** A body read up to a cap: its text, or too large to keep. */
export type CappedBody = { readonly kind: 'read'; readonly text: string } | { readonly kind: 'too-large' };

/** Reads and discards a body; stops at `capBytes` and drops the rest with the connection. */
export async function drainBody(body: IncomingMessage, capBytes: number): Promise<void> {
  let bytes = 0;
  for await (const chunk of body) {
    bytes += Buffer.byteLength(chunk as Buffer);
    if (bytes >= capBytes) {
      body.destroy();
      return;
    }
  }
}

/**
 * Reads a body as UTF-8 text, keeping at most `capBytes` of it: a body that
 * announces a larger `Content-Length`, or runs past the cap, is `too-large`
 * at once and the rest is dropped with the connection, so memory stays
 * bounded whatever the server sends.
 */
export async function readCappedBody(body: IncomingMessage, capBytes: number): Promise<CappedBody> {
  const announced = Number(body.headers['content-length']);
  if (Number.isFinite(announced) && announced > capBytes) {
    body.destroy();
    return { kind: 'too-large' };
  }
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of body) {
    const buffer = chunk as Buffer;
    bytes += buffer.byteLength;
    if (bytes > capBytes) {
      body.destroy();
      return { kind: 'too-large' };
    }
    chunks.push(buffer);
  }
  return { kind: 'read', text: new TextDecoder().decode(Buffer.concat(chunks, bytes)) };
}
