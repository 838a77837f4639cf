import { escapeXml } from '../feed/escape-xml.js';
import type { Notice } from '../schemas/notice.js';
import { formatMailTime } from './format-mail-time.js';
import type { MailEvent } from './mail-event.js';
import { formatMessage, type MailMessageKey, RIGHT_TO_LEFT } from './mail-messages.js';
import type { MailPage } from './mail-page.js';
import type { SubscriptionChoice } from './subscription-choice.js';

/** The links a subscriber's mail carries, each with its signed token. */
export interface MailLinks {
  /** The confirmation page (`{endpoint}/confirm?token=…`, whose button POSTs): in a confirmation mail only. */
  readonly confirm?: string | undefined;
  readonly manage: string;
  /** Also the `List-Unsubscribe` URL (RFC 8058's one-click POST goes to it). */
  readonly unsubscribe: string;
}

/** A mail as the transport takes it. */
export interface RenderedMail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly headers: Readonly<Record<string, string>>;
}

interface Block {
  /** Plain text; in HTML escaped, and kept as written (`pre-wrap`) when it is the team's. */
  readonly text: string;
  readonly teams?: boolean;
  readonly link?: string;
}

/**
 * One subscriber's mail of `event`, in their language (right to left for
 * Arabic), with times in their zone and in UTC: multipart text and HTML,
 * the team's words as written and escaped. A notification carries RFC
 * 8058's `List-Unsubscribe` and `List-Unsubscribe-Post`; a confirmation,
 * which nobody subscribed to yet, does not. Pure.
 */
export function renderMail(
  event: MailEvent,
  choice: SubscriptionChoice,
  page: MailPage,
  links: MailLinks,
): RenderedMail {
  const { language } = choice;
  const say = (key: MailMessageKey, values: Record<string, string | number> = {}) =>
    formatMessage(language, key, { page: page.name, ...values });
  const time = (atMs: number) => formatMailTime(atMs, language, choice.timeZone);
  const scope = choice.components.length === 0 ? say('scope.all') : choice.components.join(', ');
  if (event.kind === 'confirmation') {
    const confirm = links.confirm ?? '';
    return assemble(say('confirm.subject'), [
      { text: say('confirm.intro', { scope }) },
      { text: say('confirm.action') },
      { text: confirm, link: confirm },
      { text: say('confirm.ignore') },
    ]);
  }
  let subject: string;
  let blocks: Block[];
  let followed: readonly string[];
  if (event.kind === 'test') {
    subject = say('test.subject');
    blocks = [{ text: say('test.body', { time: time(event.atMs) }) }];
    followed = [];
  } else if (event.kind === 'notice') {
    ({ subject, blocks } = describeNotice(event.notice, event.change, say, time));
    followed = event.notice.components;
  } else {
    const mine = event.changes.filter(
      (change) => choice.components.length === 0 || choice.components.includes(change.component),
    );
    const first = mine[0];
    subject =
      mine.length === 1 && first !== undefined
        ? say('probe.subject', { component: first.component, status: say(`status.${first.to}`) })
        : say('probe.subjectMany', { count: mine.length });
    blocks = [
      { text: say('probe.intro') },
      ...mine.map((change) => ({
        text: say('probe.line', {
          component: change.component,
          from: say(`status.${change.from}`),
          to: say(`status.${change.to}`),
          time: time(change.sinceMs),
        }),
      })),
    ];
    followed = mine.map((change) => change.component);
  }
  const feeds = followed.flatMap((name) => {
    const url = page.feeds.get(name);
    return url === undefined ? [] : [{ text: say('footer.feed', { component: name }), link: url }];
  });
  return assemble(
    subject,
    [
      ...blocks,
      { text: say('footer.page'), link: page.publicUrl },
      ...(feeds.length > 0 ? feeds : [{ text: say('footer.feedAll'), link: page.feed }]),
      { text: say('footer.manage'), link: links.manage },
      { text: say('footer.why', { scope }) },
    ],
    {
      'List-Unsubscribe': `<${links.unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Auto-Submitted': 'auto-generated',
    },
  );

  function assemble(subjectLine: string, parts: readonly Block[], headers: Record<string, string> = {}): RenderedMail {
    const direction = RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr';
    const text = parts.map((part) =>
      part.link === undefined || part.link === part.text ? part.text : `${part.text}: ${part.link}`,
    );
    const html = parts.map((part) => {
      const words = escapeXml(part.text);
      if (part.link !== undefined) return `<p><a href="${escapeXml(part.link)}">${words}</a></p>`;
      return part.teams === true ? `<p dir="auto" style="white-space:pre-wrap">${words}</p>` : `<p>${words}</p>`;
    });
    return {
      subject: subjectLine.replace(/[\r\n]+/g, ' '),
      text: `${text.join('\n\n')}\n`,
      html:
        `<!doctype html>\n<html lang="${language}" dir="${direction}"><head><meta charset="utf-8">` +
        `<title>${escapeXml(subjectLine)}</title></head>\n<body>\n${html.join('\n')}\n</body></html>\n`,
      headers,
    };
  }
}

function describeNotice(
  notice: Notice,
  change: Extract<MailEvent, { kind: 'notice' }>['change'],
  say: (key: MailMessageKey, values?: Record<string, string | number>) => string,
  time: (atMs: number) => string,
): { subject: string; blocks: Block[] } {
  const latest = notice.updates.at(-1);
  const blocks: Block[] = [{ text: say('notice.state', { state: say(`noticeState.${notice.state}`) }) }];
  if (notice.components.length > 0)
    blocks.push({ text: say('notice.affects', { components: notice.components.join(', ') }) });
  if (notice.kind === 'maintenance') {
    blocks.push({
      text: say('notice.window', {
        start: time(Date.parse(notice.window.start)),
        end: time(Date.parse(notice.window.end)),
      }),
    });
  }
  if (change === 'postmortem' && notice.kind === 'incident' && notice.postmortem !== undefined) {
    blocks.push({ text: `${say('notice.postmortem')} · ${time(Date.parse(notice.postmortem.at))}` });
    blocks.push({ text: notice.postmortem.text, teams: true });
  } else if (latest !== undefined) {
    blocks.push({ text: time(Date.parse(latest.at)) });
    blocks.push({ text: latest.text, teams: true });
  }
  return {
    subject: say('notice.subject', { change: say(`change.${change}`), title: notice.title }),
    blocks: [{ text: notice.title, teams: true }, ...blocks],
  };
}
