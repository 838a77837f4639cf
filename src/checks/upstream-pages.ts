import { errorMessage } from '../errors/describe-error.js';
import { formatJsonPath } from '../errors/format-json-path.js';
import { quoteForLog } from '../errors/quote-for-log.js';
import { judgeJsonNesting } from '../io/judge-json-nesting.js';
import { type ConditionLog, createConditionLog } from '../log/condition-log.js';
import type { ProbeLog } from '../log/probe-log.js';
import {
  describeRequestError,
  describeUnexpectedStatus,
  type FailureReason,
} from '../outbound/describe-request-error.js';
import { joinUrl } from '../outbound/join-url.js';
import { redactUrl } from '../outbound/redact-url.js';
import { withDeadline } from '../outbound/with-deadline.js';
import { upstreamPageUrl } from '../schemas/check-url.js';
import { formatTimestamp } from '../schemas/service-status.js';
import { type UpstreamSummary, UpstreamSummarySchema } from '../schemas/statuspage/upstream-summary.js';
import type { CheckContext, UpstreamPages, UpstreamReading } from './check-context.js';
import { startExchange } from './http-exchange.js';
import type { StatuspageCheck } from './probe-check.js';
import { resolveHostWithSystem } from './resolve-host.js';

/** Where a provider's Statuspage publishes its summary, under the page's address. */
export const SUMMARY_PATH = '/api/v2/summary.json';
/** The largest summary read: Atlassian's own, of hundreds of components, is a few hundred KB. */
export const MAX_SUMMARY_BYTES = 4 * 1024 * 1024;
/** A page is read at most this often unless the config says otherwise (`upstream_refresh_seconds`). */
export const DEFAULT_UPSTREAM_REFRESH_MS = 60_000;
/** How many reads' worth of time a page that cannot be read keeps its last known state. */
export const KEPT_READS = 5;

export interface UpstreamPagesOptions {
  /** At most one read of a page this often, however many components read it. */
  readonly refreshMs?: number | undefined;
  readonly now?: () => Date;
  /** Told when a page stops being readable, when its last known state runs out, and when it reads again. */
  readonly log?: ProbeLog;
}

interface Page {
  lastGood: { readonly summary: UpstreamSummary; readonly atMs: number; readonly latencyMs: number } | undefined;
  failure: { readonly reason: FailureReason; readonly sinceMs: number; readonly latencyMs: number } | undefined;
  attemptedAtMs: number;
  reading: Promise<void> | undefined;
  readonly condition: ConditionLog | undefined;
}

/**
 * The providers' pages: each read at most once per `refreshMs` (a minute),
 * however many components read it, concurrent readers sharing one request.
 * A page that cannot be read (no answer, not 200, not a Statuspage summary)
 * is our failure to read it, not the provider's outage: its last summary
 * read stands for `KEPT_READS` refreshes, said once in the log, and only
 * then is it unreadable, which its components fail on.
 */
export function createUpstreamPages({
  refreshMs: refreshGiven,
  now = () => new Date(),
  log,
}: UpstreamPagesOptions = {}): UpstreamPages {
  const refreshMs = refreshGiven ?? DEFAULT_UPSTREAM_REFRESH_MS;
  const pages = new Map<string, Page>();
  const keptMs = KEPT_READS * refreshMs;

  async function refresh(page: Page, url: string, check: StatuspageCheck, context: CheckContext): Promise<void> {
    const started = performance.now();
    const fetched = await fetchSummary(url, check, context);
    const latencyMs = Math.round(performance.now() - started);
    const atMs = now().getTime();
    const shown = redactUrl(url);
    if (fetched.kind === 'summary') {
      page.lastGood = { summary: fetched.summary, atMs, latencyMs };
      page.failure = undefined;
      page.condition?.clear(`reading ${shown} again`);
      return;
    }
    if (context.signal?.aborted) return;
    page.failure = { reason: fetched.reason, sinceMs: page.failure?.sinceMs ?? atMs, latencyMs };
    const kept = page.lastGood !== undefined && atMs - page.lastGood.atMs < keptMs;
    page.condition?.holds(
      `${kept ? 'kept' : 'unknown'} ${fetched.reason}`,
      kept && page.lastGood !== undefined
        ? `could not read ${shown}: ${fetched.reason}; its components keep the state read at ${formatTimestamp(new Date(page.lastGood.atMs))} until ${formatTimestamp(new Date(page.lastGood.atMs + keptMs))}`
        : `could not read ${shown}: ${fetched.reason}; its components fail until it reads again`,
    );
  }

  return {
    async read(check, context) {
      const url = joinUrl(upstreamPageUrl(check.url), SUMMARY_PATH);
      // One entry per page and CAs trusted: the same page read with other CAs is another read.
      const key = `${url}\n${check.ca ?? ''}`;
      let page = pages.get(key);
      if (page === undefined) {
        page = {
          lastGood: undefined,
          failure: undefined,
          attemptedAtMs: Number.NEGATIVE_INFINITY,
          reading: undefined,
          condition: log === undefined ? undefined : createConditionLog({ log, now }),
        };
        pages.set(key, page);
      }
      const nowMs = now().getTime();
      if (page.reading === undefined && nowMs - page.attemptedAtMs >= refreshMs) {
        page.attemptedAtMs = nowMs;
        const current = page;
        current.reading = refresh(current, url, check, context).finally(() => {
          current.reading = undefined;
        });
      }
      await page.reading;
      return readingOf(page, now().getTime(), keptMs);
    },
  };
}

/** A page's reading at `nowMs`: the last summary while it is fresh or kept, else why it is unreadable. */
function readingOf(page: Page, nowMs: number, keptMs: number): UpstreamReading {
  const { lastGood, failure } = page;
  if (failure === undefined && lastGood !== undefined) {
    return { kind: 'read', summary: lastGood.summary, readAtMs: lastGood.atMs, latencyMs: lastGood.latencyMs };
  }
  if (failure !== undefined && lastGood !== undefined && nowMs - lastGood.atMs < keptMs) {
    return {
      kind: 'kept',
      summary: lastGood.summary,
      readAtMs: lastGood.atMs,
      latencyMs: failure.latencyMs,
      failure: failure.reason,
    };
  }
  return {
    kind: 'unreadable',
    sinceMs: failure?.sinceMs ?? nowMs,
    failure: failure?.reason ?? 'error (not read)',
    latencyMs: failure?.latencyMs ?? 0,
  };
}

type Fetched =
  | { readonly kind: 'summary'; readonly summary: UpstreamSummary }
  | { readonly kind: 'failed'; readonly reason: FailureReason };

/** One GET of the summary within the check's deadline: a 200 whose body is a Statuspage summary, or why not. */
async function fetchSummary(url: string, check: StatuspageCheck, context: CheckContext): Promise<Fetched> {
  let exchange: ReturnType<typeof startExchange>;
  try {
    exchange = startExchange(
      { url, ca: check.ca, keepBodyBytes: MAX_SUMMARY_BYTES, drainBytes: 0, accept: 'application/json' },
      context.resolveHost ?? resolveHostWithSystem,
    );
  } catch (error) {
    return { kind: 'failed', reason: describeRequestError(error) };
  }
  try {
    const outcome = await withDeadline(() => exchange.result, check.timeoutMs, context.signal);
    if (outcome.kind === 'timeout') return { kind: 'failed', reason: 'timeout' };
    if (outcome.kind === 'aborted') return { kind: 'failed', reason: describeRequestError(outcome.reason) };
    const ended = outcome.value;
    if (ended.kind === 'failed') return { kind: 'failed', reason: describeRequestError(ended.error) };
    if (ended.status !== 200) return { kind: 'failed', reason: describeUnexpectedStatus(ended.status) };
    if (ended.body === undefined || ended.body.kind === 'too-large') {
      return { kind: 'failed', reason: `body larger than ${MAX_SUMMARY_BYTES / 1024 / 1024} MiB, not read` };
    }
    return parseSummary(ended.body.text);
  } finally {
    exchange.destroy();
  }
}

/** More arrays and objects than a summary of 4 MiB of components holds (each is a few hundred bytes). */
const MAX_SUMMARY_CONTAINERS = 250_000;

/** A body as a Statuspage summary, or the first reason it is not one, in the body's words cut short. */
export function parseSummary(text: string): Fetched {
  const shape = judgeJsonNesting(text, { maxContainers: MAX_SUMMARY_CONTAINERS });
  if (shape !== undefined) return { kind: 'failed', reason: `body is not a Statuspage summary: it ${shape}` };
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { kind: 'failed', reason: `body is not JSON (${quoteForLog(errorMessage(error), 80)})` };
  }
  const parsed = UpstreamSummarySchema.safeParse(json);
  if (parsed.success) return { kind: 'summary', summary: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue === undefined ? '' : ` at ${quoteForLog(formatJsonPath(issue.path) || '(top)', 80)}`;
  return { kind: 'failed', reason: `body is not a Statuspage summary${where}` };
}
