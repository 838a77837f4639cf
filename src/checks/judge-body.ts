import { quoteForLog } from '../errors/quote-for-log.js';
import { judgeJsonNesting } from '../io/judge-json-nesting.js';
import type { FailureReason } from '../outbound/describe-request-error.js';
import type { BodyConditions } from '../schemas/body-conditions.js';
import { resolveJsonPointer } from './resolve-json-pointer.js';

/** How much of a value from the body (or the config) a reason quotes. */
export const MAX_QUOTED_CHARS = 80;

/** A body passed every condition, or the first one it failed, in words. */
export type BodyVerdict = { readonly ok: true } | { readonly ok: false; readonly reason: FailureReason };

/** Whether a check has anything to judge in a body; without conditions the body is never read. */
export function hasBodyConditions(conditions: BodyConditions): boolean {
  return conditions.expectText !== undefined || (conditions.expectJson?.length ?? 0) > 0;
}

/**
 * Judges a body against a check's conditions: `expect_text` first, then each
 * `expect_json` condition in order; the first that fails is the verdict. The
 * reason names the condition and what was found, each value as JSON, cut to
 * `MAX_QUOTED_CHARS` and with every unprintable character escaped, so a body
 * can neither flood nor forge a log line.
 */
export function judgeBody(bodyText: string, conditions: BodyConditions): BodyVerdict {
  const { expectText, expectJson } = conditions;
  if (expectText !== undefined && !bodyText.includes(expectText)) {
    return fail(`body does not contain ${quote(expectText)} (${Buffer.byteLength(bodyText)} bytes read)`);
  }
  if (expectJson === undefined || expectJson.length === 0) return { ok: true };
  const tooNested = judgeJsonNesting(bodyText);
  if (tooNested !== undefined) return fail(`body is not JSON to judge: it ${tooNested}`);
  let document: unknown;
  try {
    document = JSON.parse(bodyText.replace(/^\uFEFF/, ''));
  } catch {
    return fail(`body is not JSON (it starts ${quote(bodyText.slice(0, MAX_QUOTED_CHARS))})`);
  }
  for (const condition of expectJson) {
    const expected = condition.in === undefined ? `${quote(condition.equals)}` : `one of ${quote(condition.in)}`;
    const target = resolveJsonPointer(document, condition.pointer);
    if (!target.found) return fail(`body has nothing at ${quote(condition.pointer)}, expected ${expected}`);
    const allowed = condition.in ?? [condition.equals];
    if (!allowed.some((value) => equalsJson(target.value, value))) {
      return fail(`body at ${quote(condition.pointer)} is ${quote(target.value)}, expected ${expected}`);
    }
  }
  return { ok: true };
}

function fail(reason: `body ${string}`): BodyVerdict {
  return { ok: false, reason };
}

/** A value as JSON, cut short and with nothing unprintable left raw (JSON escapes C0; this the rest). */
function quote(value: unknown): string {
  return quoteForLog(JSON.stringify(value) ?? 'undefined', MAX_QUOTED_CHARS);
}

/** Equality of JSON values: same type and value; arrays in order; objects key by key, in any order. */
export function equalsJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => equalsJson(item, b[i]))
    );
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => Object.hasOwn(b, key) && equalsJson(Reflect.get(a, key), Reflect.get(b, key)))
  );
}
