const DAY_MS = 24 * 60 * 60 * 1000;

/** When the certificates a TLS server presented expire, in milliseconds since the epoch. */
export interface CertificateExpiry {
  /** The leaf: the server's own certificate. */
  readonly leafExpiresAtMs: number;
  /** The earliest of the chain as served, the leaf included: the first one whose expiry breaks the check. */
  readonly earliestExpiresAtMs: number;
}

/** A certificate whose expiry is inside the warning window, and that expiry in words. */
export interface CertificateWarning {
  readonly expiresAtMs: number;
  /** `certificate expires 2026-12-01 03:00 UTC, in 6 days` */
  readonly reason: string;
}

/**
 * Whether a served chain expires within `minDays` of `now` (its earliest
 * certificate counts). `undefined` when there is no certificate (plain
 * http, tcp, a failed check) or it is far enough away. An expired
 * certificate never reaches here: the TLS handshake refuses it. Pure.
 */
export function judgeCertificate(
  expiry: CertificateExpiry | undefined,
  minDays: number,
  now: Date,
): CertificateWarning | undefined {
  if (expiry === undefined) return undefined;
  const leftMs = expiry.earliestExpiresAtMs - now.getTime();
  if (leftMs >= minDays * DAY_MS) return undefined;
  return {
    expiresAtMs: expiry.earliestExpiresAtMs,
    reason: `certificate expires ${formatExpiry(expiry.earliestExpiresAtMs)}, ${describeDaysLeft(leftMs)}`,
  };
}

/** `2026-12-01 03:00 UTC`: to the minute, as a person reads it. */
export function formatExpiry(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** Whole days left, rounded down: `in 6 days`, `in 1 day`, `within a day`; `expired` once past. */
function describeDaysLeft(leftMs: number): string {
  if (leftMs <= 0) return 'expired';
  const days = Math.floor(leftMs / DAY_MS);
  if (days === 0) return 'within a day';
  return days === 1 ? 'in 1 day' : `in ${days} days`;
}
