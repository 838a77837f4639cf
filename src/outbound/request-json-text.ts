import type { Dispatcher } from 'undici';
import { describeRequestError } from './describe-request-error.js';
import { PROBE_USER_AGENT } from './probe-user-agent.js';

/** A JSON document asked for: its text, or why there is none (no 200, no answer, or too large). */
export type JsonTextAnswer =
  | { readonly kind: 'body'; readonly text: string }
  | { readonly kind: 'unreachable' | 'invalid'; readonly reason: string };

/**
 * GETs `url` for a JSON document another of our processes published (a
 * peer's observations, the notices of one place): a 200 body up to
 * `maxBytes`, the rest not read, no redirect followed. Never rejects.
 */
export async function requestJsonText(
  url: string,
  { maxBytes, signal, dispatcher }: { maxBytes: number; signal: AbortSignal; dispatcher?: Dispatcher | undefined },
): Promise<JsonTextAnswer> {
  try {
    // undici is loaded at the first such request: a probe that makes none never loads it.
    const { request } = await import('undici');
    const response = await request(url, {
      method: 'GET',
      headers: { 'user-agent': PROBE_USER_AGENT, accept: 'application/json' },
      signal,
      reset: true,
      ...(dispatcher ? { dispatcher } : {}),
    });
    // Dropping a body we will not read makes undici emit an error; unheard, it would end the process.
    response.body.on('error', () => {});
    if (response.statusCode !== 200) {
      response.body.destroy();
      return { kind: 'unreachable', reason: `status ${response.statusCode}` };
    }
    const text = await readCapped(response.body, maxBytes);
    if (text === undefined) return { kind: 'invalid', reason: `larger than ${maxBytes} bytes` };
    return { kind: 'body', text };
  } catch (error) {
    return { kind: 'unreachable', reason: describeRequestError(error) };
  }
}

/** The body as text, or `undefined` once it passes `maxBytes` (the rest is not read). */
async function readCapped(body: Dispatcher.ResponseData['body'], maxBytes: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    bytes += buffer.length;
    if (bytes > maxBytes) {
      body.destroy();
      return undefined;
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
