import { createTransport } from 'nodemailer';
import type { RenderedMail } from './render-mail.js';

/** SMTP connections open at once: also the most mails that can be in flight when a sender is killed. */
export const SMTP_CONCURRENCY = 4;

export interface DkimKey {
  readonly domainName: string;
  readonly keySelector: string;
  readonly privateKey: string;
}

export interface MailTransportOptions {
  /** The relay: `smtp://user:pass@host:587` or `smtps://…`; never logged. */
  readonly smtpUrl: string;
  /** `From:`, as the config gives it. */
  readonly from: string;
  readonly dkim?: DkimKey | undefined;
  readonly concurrency?: number;
}

/** One mail to one address: what it says, and the envelope sender its bounces go to. */
export interface OutgoingMail extends RenderedMail {
  readonly to: string;
  readonly envelopeFrom: string;
}

/** The relay as the sender uses it. */
export interface MailTransport {
  /** Hands the mail to the relay; rejects with the relay's answer when it does not take it. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * nodemailer's pooled SMTP transport to the relay, DKIM-signing when a key
 * is given. A relay that refuses or cannot be reached rejects the send; the
 * outbox tries again later.
 */
export function createMailTransport(options: MailTransportOptions): MailTransport {
  const transporter = createTransport({
    url: options.smtpUrl,
    pool: true,
    maxConnections: options.concurrency ?? SMTP_CONCURRENCY,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...(options.dkim === undefined ? {} : { dkim: { ...options.dkim } }),
  });
  return {
    async send(mail) {
      await transporter.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: { ...mail.headers },
        envelope: { from: mail.envelopeFrom, to: mail.to },
      });
    },
    close: () => transporter.close(),
  };
}
