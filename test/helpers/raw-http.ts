import { connect } from 'node:net';

/** Sends bytes exactly as given (no client normalisation) and returns everything the server sent back. */
export function sendRaw(port: number, request: string | Buffer, timeoutMs = 5_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('latin1'));
    });
    // No half-close: Node answers pipelined requests only while the client keeps its side open.
    socket.write(request);
  });
}

/** The status code of the first response in raw HTTP text. */
export function statusOf(raw: string): number {
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(raw);
  if (!match?.[1]) throw new Error(`not an HTTP response: ${JSON.stringify(raw.slice(0, 80))}`);
  return Number(match[1]);
}
