import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { listenForRequests } from '../io/listen-for-requests.js';
import { CAUGHT_MAILS_CSP, type CaughtMail, renderCaughtMail, renderCaughtMailList } from './render-caught-mails.js';

/** The mails kept: past it the oldest is dropped, so a long run does not grow. */
export const MAX_CAUGHT_MAILS = 200;
/** A mail larger than this is refused (552), as a relay would. */
export const MAX_CAUGHT_MAIL_BYTES = 1024 * 1024;

export interface MailStandinOptions {
  readonly host?: string;
  /** The page's port (`/mail/`); 0 picks a free one. The SMTP port is always a free one. */
  readonly pagePort: number;
  /** One line a mail caught: its subject and masked recipients, and its page. */
  readonly log?: (line: string) => void;
}

export interface MailStandin {
  /** `smtp://host:port`, no TLS, no authentication: loopback only. */
  readonly smtpUrl: string;
  /** `http://host:port/mail/` */
  readonly pageUrl: string;
  caught(): readonly CaughtMail[];
  close(): Promise<void>;
}

// Control characters in a subject would forge log lines.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
const oneLine = (text: string) => text.replace(/[\u0000-\u001F\u007F]+/g, ' ').slice(0, 200);
// As every log masks an address (`j***@example.com`); the stand-ins sit below the mail room, so not its helper.
const maskAddress = (address: string) =>
  address.lastIndexOf('@') < 1 ? '***' : `${address.slice(0, 1)}***${address.slice(address.lastIndexOf('@'))}`;

/**
 * The local mail relay of `npm start`: a real SMTP server (`smtp-server`)
 * on loopback that accepts every mail and relays none, and a small page
 * listing what it caught (read with `mailparser`), so a newcomer can click
 * the confirmation link. The page shows the addresses, which are the
 * newcomer's own on their own machine; the log masks them, as every log does.
 */
export async function startMailStandin(options: MailStandinOptions): Promise<MailStandin> {
  const host = options.host ?? '127.0.0.1';
  const mails: CaughtMail[] = [];
  let nextId = 1;
  let pageUrl = '';
  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    size: MAX_CAUGHT_MAIL_BYTES,
    closeTimeout: 1_000,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          if (stream.sizeExceeded) {
            callback(Object.assign(new Error('message too large'), { responseCode: 552 }));
            return;
          }
          const mail: CaughtMail = {
            id: nextId++,
            receivedMs: Date.now(),
            envelopeFrom: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: parsed.subject ?? '',
            headers: parsed.headerLines.map((header) => header.line.replace(/\r?\n[ \t]+/g, ' ')),
            text: parsed.text,
            html: typeof parsed.html === 'string' ? parsed.html : undefined,
          };
          mails.push(mail);
          if (mails.length > MAX_CAUGHT_MAILS) mails.shift();
          options.log?.(
            `caught "${oneLine(mail.subject)}" for ${mail.to.map(maskAddress).join(', ')}: ${pageUrl}${mail.id}`,
          );
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  // A sender that drops its connection is its own affair.
  smtp.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    smtp.server.once('error', reject);
    smtp.listen(0, host, () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const send = (response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
    response.writeHead(status, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': CAUGHT_MAILS_CSP,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      // The links carry tokens: no page they lead to learns this one's URL.
      'Referrer-Policy': 'no-referrer',
      'Content-Length': String(Buffer.byteLength(body)),
      ...headers,
    });
    response.end(body);
  };
  const page = createServer((request, response) => {
    request.resume();
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      send(response, 405, 'use GET\n', { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      return;
    }
    if (path === '/' || path === '/mail') {
      send(response, 302, '', { Location: '/mail/' });
      return;
    }
    if (path === '/mail/') {
      send(response, 200, renderCaughtMailList(mails));
      return;
    }
    const mail = /^\/mail\/(\d{1,9})$/.exec(path) && mails.find((each) => `/mail/${each.id}` === path);
    if (mail) send(response, 200, renderCaughtMail(mail));
    else send(response, 404, 'no such mail\n', { 'Content-Type': 'text/plain; charset=utf-8' });
  });
  let origin: string;
  try {
    origin = await listenForRequests(page, { port: options.pagePort, host });
  } catch (error) {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw error;
  }
  pageUrl = `${origin}/mail/`;
  return {
    smtpUrl: `smtp://${host}:${smtpPort}`,
    pageUrl,
    caught: () => mails,
    close: async () => {
      await Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => {
          page.close(() => resolve());
          page.closeAllConnections();
        }),
      ]);
    },
  };
}
