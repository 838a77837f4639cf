import { escapeXml } from '../feed/escape-xml.js';

/** A mail the mail stand-in caught, as its pages show it. */
export interface CaughtMail {
  /** 1, 2, 3…: its page is `/mail/<id>`. */
  readonly id: number;
  readonly receivedMs: number;
  readonly envelopeFrom: string;
  readonly to: readonly string[];
  readonly subject: string;
  /** The header lines as sent, unfolded. */
  readonly headers: readonly string[];
  readonly text: string | undefined;
  readonly html: string | undefined;
}

/**
 * The stand-in's pages allow inline styles and nothing else: no script, no
 * image or font fetched (a mail's tracking pixel stays unloaded), and the
 * sandboxed frame of a mail's HTML inherits the same.
 */
export const CAUGHT_MAILS_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

const STYLE =
  'body{font:15px/1.5 system-ui,sans-serif;margin:1.5rem;max-width:60rem}td,th{padding:.2rem .6rem;text-align:start;vertical-align:top}' +
  'pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f4f4f4;padding:.8rem}iframe{width:100%;height:32rem;border:1px solid #999}';

function pageOf(title: string, body: string): string {
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeXml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>\n`;
}

const when = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);

/** The list, newest first, each row linking to the mail's page. Pure. */
export function renderCaughtMailList(mails: readonly CaughtMail[]): string {
  const rows = [...mails]
    .reverse()
    .map(
      (mail) =>
        `<tr><td>${when(mail.receivedMs)} UTC</td><td>${escapeXml(mail.to.join(', '))}</td><td><a href="/mail/${mail.id}">${escapeXml(mail.subject || '(no subject)')}</a></td></tr>`,
    )
    .join('');
  const table =
    mails.length === 0
      ? '<p>No mail yet. Subscribe on the status page; the confirmation mail shows up here (reload).</p>'
      : `<table><thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`;
  return pageOf(
    'Mail stand-in',
    `<h1>Mail stand-in</h1><p>Every mail the probe sent to the local SMTP stand-in: nothing here left this machine.</p>${table}`,
  );
}

/** Text with its http(s) links clickable, everything else escaped. Pure. */
export function linkifyText(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, index) =>
      index % 2 === 1
        ? `<a href="${escapeXml(part)}" rel="noreferrer" target="_blank">${escapeXml(part)}</a>`
        : escapeXml(part),
    )
    .join('');
}

/** The mail's HTML with its links opening a new tab (the frame's sandbox lets them out, nothing else). Pure. */
function withLinksInNewTabs(html: string): string {
  const head = /<head(?:\s[^>]*)?>/i.exec(html);
  const base = '<base target="_blank">';
  return head === null
    ? `${base}${html}`
    : `${html.slice(0, head.index + head[0].length)}${base}${html.slice(head.index + head[0].length)}`;
}

/**
 * One mail: its headers as sent, its text with links clickable, and its HTML
 * in a sandboxed frame (no script, no same origin; its links open a new tab).
 * Everything from the mail is escaped. Pure.
 */
export function renderCaughtMail(mail: CaughtMail): string {
  const headers = escapeXml(mail.headers.join('\n'));
  const text = mail.text === undefined ? '<p>(no text part)</p>' : `<pre>${linkifyText(mail.text)}</pre>`;
  const html =
    mail.html === undefined
      ? '<p>(no HTML part)</p>'
      : `<iframe title="The mail's HTML part" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeXml(withLinksInNewTabs(mail.html))}"></iframe>`;
  return pageOf(
    mail.subject || 'Mail',
    `<p><a href="/mail/">All mails</a></p><h1>${escapeXml(mail.subject || '(no subject)')}</h1>` +
      `<p>Envelope: from ${escapeXml(mail.envelopeFrom || '<>')} to ${escapeXml(mail.to.join(', '))}, received ${when(mail.receivedMs)} UTC</p>` +
      `<h2>Text</h2>${text}<h2>HTML</h2>${html}<h2>Headers</h2><pre>${headers}</pre>`,
  );
}
