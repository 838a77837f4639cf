import { describe, expect, it } from 'vitest';
import { describeMailPage } from '../../../src/mail-subscribers/mail-page.js';
import { renderMail } from '../../../src/mail-subscribers/render-mail.js';
import { incidentNotice, maintenanceNotice } from '../../helpers/notices.js';

const page = describeMailPage(
  'Platform status',
  'https://status.example.com/',
  'https://status.example.com/api/subscriptions',
  [{ name: 'Build Service' }, { name: 'Registry', group: 'Storage' }],
);
const links = {
  confirm: 'https://status.example.com/api/subscriptions/confirm?token=c',
  manage: 'https://status.example.com/api/subscriptions/manage?token=m',
  unsubscribe: 'https://status.example.com/api/subscriptions/unsubscribe?token=u',
};
const english = { components: [], language: 'en', timeZone: 'America/New_York' } as const;

describe('a subscriber’s mail', () => {
  it('carries RFC 8058’s headers on a notification, and none on a confirmation', () => {
    const notice = renderMail(
      { kind: 'notice', change: 'opened', atMs: 0, notice: incidentNotice() },
      english,
      page,
      links,
    );
    expect(notice.headers).toEqual({
      'List-Unsubscribe': '<https://status.example.com/api/subscriptions/unsubscribe?token=u>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Auto-Submitted': 'auto-generated',
    });
    const confirmation = renderMail({ kind: 'confirmation' }, english, page, links);
    expect(confirmation.headers).toEqual({});
    expect(confirmation.text).toContain(links.confirm);
  });

  it('keeps the team’s words as written in text and escaped in HTML', () => {
    const notice = incidentNotice({
      title: 'Builds <fail> & "retry"',
      updates: [{ at: '2026-11-27T14:02:00Z', state: 'identified', text: '<script>alert(1)</script>\nline two' }],
    });
    const mail = renderMail({ kind: 'notice', change: 'updated', atMs: 0, notice }, english, page, links);
    expect(mail.subject).toBe('[Platform status] Update: Builds <fail> & "retry"');
    expect(mail.text).toContain('<script>alert(1)</script>\nline two');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;\nline two');
    expect(mail.text).toContain('Nov 27, 2026, 09:02 EST (Nov 27, 2026, 14:02 UTC)');
  });

  it('speaks the subscriber’s language, right to left in Arabic, and links the feeds they follow', () => {
    const arabic = { components: ['Registry'], language: 'ar', timeZone: 'Asia/Riyadh' } as const;
    const mail = renderMail(
      { kind: 'notice', change: 'scheduled', atMs: 0, notice: maintenanceNotice() },
      arabic,
      page,
      links,
    );
    expect(mail.subject).toBe('[Platform status] صيانة مجدولة: Registry upgrade');
    expect(mail.html).toMatch(/^<!doctype html>\n<html lang="ar" dir="rtl">/);
    expect(mail.text).toContain('https://status.example.com/feeds/components/registry.atom');
    expect(mail.text).toContain(links.manage);
  });

  it('tells each subscriber only of the components it follows in a probe’s mail', () => {
    const event = {
      kind: 'probe' as const,
      atMs: 0,
      changes: [
        { component: 'Build Service', from: 'operational' as const, to: 'major_outage' as const, sinceMs: 0 },
        { component: 'Registry', from: 'operational' as const, to: 'partial_outage' as const, sinceMs: 0 },
      ],
    };
    const registry = renderMail(event, { ...english, components: ['Registry'] }, page, links);
    expect(registry.subject).toBe('[Platform status] Registry: Partial outage');
    expect(registry.text).not.toContain('Build Service');
    expect(renderMail(event, english, page, links).subject).toBe('[Platform status] 2 components changed');
  });
});
