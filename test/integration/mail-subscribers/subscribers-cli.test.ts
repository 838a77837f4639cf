import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { openSubscriberStore } from '../../../src/mail-subscribers/subscriber-store.js';
import { verpAddress } from '../../../src/mail-subscribers/verp-address.js';
import { subscribersConfig, subscribersEnv, TEST_SECRET } from '../../helpers/mail-subscribers.js';
import { runCli } from '../../helpers/run-cli.js';
import { useCliSite } from '../../helpers/use-cli-site.js';

const cli = useCliSite();
const env = subscribersEnv('smtp://127.0.0.1:9');
const run = (...args: string[]) =>
  runCli(['subscribers', ...args, '--config', 'components.json'], { cwd: cli.site.root, env });

beforeEach(async () => {
  await writeFile(join(cli.site.root, 'components.json'), JSON.stringify(subscribersConfig()));
});

describe('service-directory subscribers', () => {
  it('imports a verified list as confirmed, then lists, counts, exports and removes', async () => {
    await writeFile(
      join(cli.site.root, 'list.csv'),
      'email,components,language,time_zone\r\nana@example.org,"[""Registry""]",de,Europe/Berlin\r\nbo@example.org,,,\r\n',
    );
    expect((await run('import', 'list.csv', '--confirmed')).stdout).toContain(
      'imported 2 new and 0 known as confirmed',
    );
    expect((await run('count')).stdout).toBe('subscribers: 2 confirmed, 0 pending, 0 quarantined\n');
    expect((await run('list')).stdout).toBe(
      'ana@example.org  confirmed  Registry  de  Europe/Berlin\nbo@example.org  confirmed  (whole page)  en  UTC\n',
    );
    const exported = (await run('export')).stdout;
    expect(exported.split('\r\n')[0]).toBe('email,state,components,language,time_zone,confirmed_at');
    expect(exported).toContain('ana@example.org,confirmed,"[""Registry""]",de,Europe/Berlin,');
    const removed = await run('remove', 'bo@example.org');
    expect(removed.stdout).toBe('subscribers: removed b***@example.org\n');
    expect((await run('remove', 'bo@example.org')).code).toBe(1);
    expect((await run('count')).stdout).toContain('1 confirmed');
  });

  it('refuses a list with a bad row, naming its line and field, and takes none of it', async () => {
    await writeFile(
      join(cli.site.root, 'bad.csv'),
      'email,components\nok@example.org,\nnot-an-address,\nx@example.org,"[""Nope""]"\n',
    );
    const result = await run('import', 'bad.csv', '--confirmed');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('bad.csv: line 3.email: is not an email address');
    expect(result.stderr).toContain('bad.csv: line 4.components.0: "Nope" is not a component of this page');
    expect((await run('count')).stdout).toContain('0 confirmed');
  });

  it('quarantines an address on a 5.1.1 report and only records a 4.2.2', async () => {
    await writeFile(join(cli.site.root, 'list.csv'), 'email\nfull@example.org\ngone@example.org\n');
    await run('import', 'list.csv', '--confirmed');
    const store = openSubscriberStore(join(cli.site.root, '.state', 'subscribers.sqlite'));
    const idOf = (email: string) => store.byEmail(email)?.id ?? '';
    const [full, gone] = [idOf('full@example.org'), idOf('gone@example.org')];
    store.close();
    const report = async (fixture: string, id: string, verp = verpAddress(TEST_SECRET, id, 'example.com')) => {
      const text = await readFile(new URL(`../../fixtures/dsn/${fixture}`, import.meta.url), 'utf8');
      const name = `${id}.eml`;
      await writeFile(
        join(cli.site.root, name),
        text.replaceAll('bounces+0123456789abcdef01234567.0123456789abcdef@example.com', verp),
      );
      return run('bounce', name);
    };
    expect((await report('mailbox-full-4.2.2.eml', full)).stdout).toBe('subscribers: bounce 4.2.2 recorded\n');
    expect((await report('user-unknown-5.1.1.eml', gone)).stdout).toBe(
      'subscribers: bounce 5.1.1 quarantines the address\n',
    );
    expect((await run('count')).stdout).toBe('subscribers: 1 confirmed, 0 pending, 1 quarantined\n');
    const forged = await report('user-unknown-5.1.1.eml', full, `bounces+${full}.0000000000000000@example.com`);
    expect(forged.code).toBe(1);
    expect(forged.stderr).toContain('its bounce address is not signed with this secret');
    expect((await run('count')).stdout).toContain('1 confirmed');
  });
});
