import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { waitFor } from './test-server.js';

/** A mail the sink received: its envelope, raw bytes and what mailparser made of them. */
export interface ReceivedMail {
  readonly envelopeFrom: string;
  readonly to: readonly string[];
  readonly raw: Buffer;
  readonly parsed: ParsedMail;
}

/** A header of `mail` as it was sent, unfolded: `undefined` when it has none. */
export function rawHeader(mail: ReceivedMail, name: string): string | undefined {
  const line = mail.parsed.headerLines.find((each) => each.key === name.toLowerCase())?.line;
  return line
    ?.slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
}

export interface SmtpSink {
  readonly port: number;
  /** `smtp://127.0.0.1:PORT` */
  readonly url: string;
  readonly mails: ReceivedMail[];
  /** Refuses every mail with this reply (a relay that is down for a while) until set back to undefined. */
  refuse: string | undefined;
  /** Waits for a mail to `address` received after the first `after`; returns it. */
  waitForMailTo(address: string, after?: number, timeoutMs?: number): Promise<ReceivedMail>;
  /** Waits for `count` mails in all; returns them. */
  waitForMails(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (the `smtp-server` package), without TLS or
 * authentication, keeping every mail it accepts, parsed with `mailparser`.
 * `delayMs` holds each mail before accepting it, to catch a sender mid-batch.
 */
export async function startSmtpSink(options: { delayMs?: number } = {}): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const sink: Partial<SmtpSink> & { refuse: string | undefined } = { refuse: undefined };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    // A sender still connected when the test ends is cut off rather than waited for.
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const finish = () => {
          if (sink.refuse !== undefined) {
            callback(Object.assign(new Error(sink.refuse), { responseCode: 451 }));
            return;
          }
          simpleParser(raw).then(
            (parsed) => {
              mails.push({
                envelopeFrom: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
                to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
                raw,
                parsed,
              });
              callback();
            },
            (error: Error) => callback(error),
          );
        };
        if (options.delayMs === undefined) finish();
        else setTimeout(finish, options.delayMs);
      });
    },
  });
  // A sender killed mid-mail resets its connection: that is the test, not a failure of the sink.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(sink, {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitForMails(count: number, timeoutMs = 10_000) {
      await waitFor(async () => mails.length >= count, timeoutMs);
      return mails.slice(0, count);
    },
    async waitForMailTo(address: string, after = 0, timeoutMs = 10_000) {
      const find = () => mails.slice(after).find((mail) => mail.to.includes(address));
      await waitFor(async () => find() !== undefined, timeoutMs);
      return find() as ReceivedMail;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as SmtpSink;
}
