import { generateKeyPairSync } from 'node:crypto';
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { ComponentOutcome } from '../../../src/cycle/decide-component.js';
import { mailSettingsOf } from '../../../src/mail-subscribers/load-mail-settings.js';
import { createMailSubscribers, type MailSubscribers } from '../../../src/mail-subscribers/mail-subscribers.js';
import { parsedSubscribersConfig, subscribersEnv } from '../../helpers/mail-subscribers.js';
import { incidentNotice } from '../../helpers/notices.js';
import { type SmtpSink, startSmtpSink } from '../../helpers/smtp-sink.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';

const tempDir = tempDirsPerTest({ prefix: 'mail-dkim-' });
let sink: SmtpSink;
let mail: MailSubscribers;

afterEach(async () => {
  await mail.close();
  await sink.close();
});

describe('DKIM', () => {
  it('signs every mail so that it verifies against the published key', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const published = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    sink = await startSmtpSink();
    const config = parsedSubscribersConfig({
      dkim: { domain: 'example.com', selector: 'status', private_key_env: 'DKIM_PRIVATE_KEY' },
    });
    const env = {
      ...subscribersEnv(sink.url),
      DKIM_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
    const settings = mailSettingsOf(config, env);
    if (settings === undefined) throw new Error('no settings');
    mail = createMailSubscribers({ settings, stateDir: await tempDir(), log: { info: () => {}, error: () => {} } });
    mail.store.importConfirmed(
      'signed@example.org',
      { components: [], language: 'ar', timeZone: 'Asia/Dubai' },
      Date.now(),
    );
    mail.sender.start();
    const components: Pick<ComponentOutcome, 'name' | 'memory' | 'underMaintenance'>[] = [];
    mail.queueCycle({ components, notices: [incidentNotice()] });
    const [received] = await sink.waitForMails(1);
    if (received === undefined) throw new Error('no mail');
    const resolver = async (name: string, type: string) => {
      if (name === 'status._domainkey.example.com' && type === 'TXT') return [[`v=DKIM1; k=rsa; p=${published}`]];
      throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
    };
    const { results } = await dkimVerify(received.raw, { resolver });
    expect(results.map((result: { status: { result: string } }) => result.status.result)).toEqual(['pass']);
    expect(received.parsed.html).toContain('dir="rtl"');
    const tampered = Buffer.from(received.raw.toString('utf8').replace('Subject:', 'Subject: [forged]'));
    const { results: refused } = await dkimVerify(tampered, { resolver });
    expect(refused.map((result: { status: { result: string } }) => result.status.result)).toEqual(['fail']);
  });
});
