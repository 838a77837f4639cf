import { MAX_PUSH_MESSAGE_CHARS } from '../schemas/heartbeat-record.js';

/** Where pushes go: `/heartbeat/{slug}`. */
export const PUSH_PATH_PREFIX = '/heartbeat/';

/** The methods a push may use: POST, and GET as Uptime Kuma's push monitors send it. */
export const PUSH_METHODS = ['POST', 'GET'] as const;

/** What a request asks to record, or why it is not a push at all. */
export type ParsedPush =
  | { readonly kind: 'push'; readonly slug: string; readonly ok: boolean; readonly message: string | null }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'bad-method' }
  | { readonly kind: 'bad-query'; readonly slug: string; readonly reason: string };

/** The words for "it worked" and "it failed" in `status`, ours and Uptime Kuma's (`up`, `down`). */
const OK_WORDS: ReadonlySet<string> = new Set(['ok', 'up', 'success']);
const FAIL_WORDS: ReadonlySet<string> = new Set(['fail', 'down', 'failure', 'error']);
/** Gatus's `success=`. */
const SUCCESS_WORDS: Readonly<Record<string, boolean>> = { true: true, false: false };

/**
 * Reads a push from its method and request target, before any token is
 * looked at: `POST` (or `GET`) `/heartbeat/{slug}`, with `?status=fail`
 * (`ok`, or Uptime Kuma's `up` and `down`) or Gatus's `?success=false`, and
 * the failure's words in `message` (Uptime Kuma's `msg`, Gatus's `error`),
 * cut to `MAX_PUSH_MESSAGE_CHARS`. Without either, a push is a success.
 * Other parameters (Kuma's `ping`, Gatus's `duration`) are ignored. Pure.
 */
export function parsePush(method: string, target: string): ParsedPush {
  const url = URL.canParse(target, 'http://push') ? new URL(target, 'http://push') : undefined;
  if (url === undefined || !url.pathname.startsWith(PUSH_PATH_PREFIX)) return { kind: 'not-found' };
  if (!(PUSH_METHODS as readonly string[]).includes(method)) return { kind: 'bad-method' };
  const slug = url.pathname.slice(PUSH_PATH_PREFIX.length).replace(/\/$/, '');
  const query = url.searchParams;
  const status = query.get('status')?.toLowerCase();
  const success = query.get('success')?.toLowerCase();
  if (status !== undefined && !OK_WORDS.has(status) && !FAIL_WORDS.has(status)) {
    return { kind: 'bad-query', slug, reason: 'status must be ok or fail (up or down)' };
  }
  if (success !== undefined && SUCCESS_WORDS[success] === undefined) {
    return { kind: 'bad-query', slug, reason: 'success must be true or false' };
  }
  const ok = !(status !== undefined && FAIL_WORDS.has(status)) && success !== 'false';
  const said = query.get('message') ?? query.get('msg') ?? query.get('error');
  const message = ok || said === null || said === '' ? null : [...said].slice(0, MAX_PUSH_MESSAGE_CHARS).join('');
  return { kind: 'push', slug, ok, message };
}
