import { CONFIRM_TOKEN_TTL_MS } from './subscriber-tokens.js';
import type { SubscriptionChoice } from './subscription-choice.js';

/** Confirmation mails an address is sent at most in `CONFIRMATIONS_WINDOW_MS`: enough for a typo or a slow inbox. */
export const MAX_CONFIRMATIONS_PER_WINDOW = 3;
export const CONFIRMATIONS_WINDOW_MS = 3_600_000;

/** A subscriber as the store keeps it. */
export interface Subscriber {
  readonly id: string;
  readonly email: string;
  readonly state: 'pending' | 'confirmed' | 'quarantined';
  /** What is mailed now (a pending sign-up's choice until it is confirmed). */
  readonly choice: SubscriptionChoice;
  /** A sign-up waiting for its confirmation: what it asked for, the nonce its link carries, and until when. */
  readonly pending:
    | { readonly choice: SubscriptionChoice; readonly nonce: string; readonly expiresMs: number }
    | undefined;
  /** The nonce of the manage and unsubscribe links. */
  readonly key: string;
  readonly createdMs: number;
  readonly confirmedMs: number | undefined;
  readonly quarantinedMs: number | undefined;
  /** When confirmation mails were last queued, within the window. */
  readonly confirmationsMs: readonly number[];
}

export interface SignupDecision {
  /** The subscriber as it is to be saved; `undefined` when nothing changes. */
  readonly save: Subscriber | undefined;
  /** Whether a confirmation mail is queued (its link carries `save.pending.nonce`). */
  readonly mail: boolean;
}

/** Fresh random identifiers, given so the decision stays pure. */
export interface FreshIds {
  readonly id: string;
  readonly nonce: string;
  readonly key: string;
}

/**
 * What a sign-up does, whoever asks, for an address new, pending or
 * confirmed alike: a new confirmation link (voiding the earlier one) with
 * the choice it asked for, which takes effect only once confirmed. Nothing
 * for a quarantined address (it bounced) or one sent
 * `MAX_CONFIRMATIONS_PER_WINDOW` links within the hour. The answer to the
 * client is the same in every case; only this decides what happens.
 */
export function decideSignup(
  existing: Subscriber | undefined,
  email: string,
  choice: SubscriptionChoice,
  nowMs: number,
  fresh: FreshIds,
): SignupDecision {
  if (existing?.state === 'quarantined') return { save: undefined, mail: false };
  const recent = (existing?.confirmationsMs ?? []).filter((atMs) => nowMs - atMs < CONFIRMATIONS_WINDOW_MS);
  if (recent.length >= MAX_CONFIRMATIONS_PER_WINDOW) return { save: undefined, mail: false };
  const pending = { choice, nonce: fresh.nonce, expiresMs: nowMs + CONFIRM_TOKEN_TTL_MS };
  const save: Subscriber =
    existing === undefined
      ? {
          id: fresh.id,
          email,
          state: 'pending',
          choice,
          pending,
          key: fresh.key,
          createdMs: nowMs,
          confirmedMs: undefined,
          quarantinedMs: undefined,
          confirmationsMs: [nowMs],
        }
      : { ...existing, pending, confirmationsMs: [...recent, nowMs] };
  return { save, mail: true };
}

export type ConfirmDecision =
  | { readonly kind: 'confirmed'; readonly save: Subscriber }
  | { readonly kind: 'gone' }
  | { readonly kind: 'expired' };

/**
 * A confirmation link followed: good only for the subscriber's latest
 * sign-up (`nonce`) within its day; the choice it asked for becomes the
 * subscription. A link of a voided or forgotten sign-up is `gone`.
 */
export function decideConfirm(existing: Subscriber | undefined, nonce: string, nowMs: number): ConfirmDecision {
  const pending = existing?.pending;
  if (existing === undefined || pending === undefined || pending.nonce !== nonce || existing.state === 'quarantined') {
    return { kind: 'gone' };
  }
  if (nowMs >= pending.expiresMs) return { kind: 'expired' };
  return {
    kind: 'confirmed',
    save: {
      ...existing,
      state: 'confirmed',
      choice: pending.choice,
      pending: undefined,
      confirmedMs: existing.confirmedMs ?? nowMs,
    },
  };
}
