/** What a delivery status notification (RFC 3464) says about one of our mails. */
export type DsnReading =
  | {
      readonly ok: true;
      /** The VERP address it was sent to (`bounces+ID.SIG@domain`), as found. */
      readonly verp: string;
      /** The first recipient's status, like `5.1.1`. */
      readonly status: string;
      /** A `5.x.x`: the address will not take mail. */
      readonly permanent: boolean;
    }
  | { readonly ok: false; readonly reason: string };

/**
 * Reads a DSN as a relay returns it to the envelope sender: the VERP
 * address it came back to, and the status of the machine-readable
 * `message/delivery-status` part. A `4.x.x` is transient, a `5.x.x`
 * permanent; a `2.x.x` (delivered, relayed) is no bounce. Pure.
 */
export function parseDsn(message: string): DsnReading {
  const verp = /bounces\+[0-9a-f]{1,64}\.[0-9a-f]{16}@[a-z0-9.-]+/i.exec(message)?.[0];
  if (verp === undefined) return { ok: false, reason: 'not addressed to a bounce address of ours (bounces+ID.SIG@…)' };
  const marker = /content-type:\s*message\/delivery-status/i.exec(message);
  if (marker === null) return { ok: false, reason: 'no message/delivery-status part: not an RFC 3464 report' };
  const report = message.slice(marker.index + marker[0].length).replace(/\r?\n[ \t]+/g, ' ');
  const status = /^status:\s*([245]\.\d{1,3}\.\d{1,3})/im.exec(report)?.[1];
  if (status === undefined) return { ok: false, reason: 'the delivery-status part has no Status: field' };
  if (status.startsWith('2.')) return { ok: false, reason: `status ${status} is a delivery, not a bounce` };
  return { ok: true, verp, status, permanent: status.startsWith('5.') };
}
