import type { IncomingMessage } from 'node:http';

/** A sign-up or a token is a few hundred bytes; nothing bigger is read. */
export const MAX_BODY_BYTES = 8 * 1024;

export type BodyReading =
  | { readonly kind: 'json' | 'form'; readonly fields: Readonly<Record<string, unknown>> }
  | { readonly kind: 'too-large' }
  | { readonly kind: 'bad'; readonly reason: string };

/**
 * A request's body as fields: JSON (an object) or a form
 * (`application/x-www-form-urlencoded`, repeated `components` as a list).
 * Past `MAX_BODY_BYTES`, announced or sent, reading stops.
 */
export async function readRequestBody(request: IncomingMessage): Promise<BodyReading> {
  const text = await readTextWithin(request, MAX_BODY_BYTES);
  if (text === undefined) return { kind: 'too-large' };
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return { kind: 'bad', reason: 'the body is not JSON' };
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return { kind: 'bad', reason: 'the body must be a JSON object' };
    }
    return { kind: 'json', fields: parsed as Record<string, unknown> };
  }
  if (type === 'application/x-www-form-urlencoded' || type === '' || type === 'text/plain') {
    return { kind: 'form', fields: formFields(new URLSearchParams(text)) };
  }
  return { kind: 'bad', reason: 'send JSON or a form (application/x-www-form-urlencoded)' };
}

/** A body as UTF-8 text, or `undefined` as soon as it is past `capBytes` (announced or sent). */
export async function readTextWithin(request: IncomingMessage, capBytes: number): Promise<string | undefined> {
  const announced = Number(request.headers['content-length']);
  if (Number.isFinite(announced) && announced > capBytes) return undefined;
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of request) {
    bytes += (chunk as Buffer).byteLength;
    if (bytes > capBytes) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A form's fields: `components` always a list (one checkbox each), the rest their last value. */
export function formFields(params: URLSearchParams): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    fields[key] = key === 'components' ? params.getAll(key).filter((name) => name !== '') : params.getAll(key).at(-1);
  }
  return fields;
}
