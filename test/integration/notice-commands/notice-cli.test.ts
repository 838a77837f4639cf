import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import { describe, expect, it } from 'vitest';
import { serializeNoticesFile } from '../../../src/notices/edit-notices-file.js';
import { NoticesDocumentSchema, NoticesFileSchema } from '../../../src/schemas/notice.js';
import { CLI_ENTRY, runCli, runProcess } from '../../helpers/run-cli.js';
import { useCliSite } from '../../helpers/use-cli-site.js';

const cli = useCliSite();

const noticesFile = () => join(cli.site.root, 'data', 'notices.json');
const notice = (...args: string[]) => runCli(['notice', ...args], { cwd: cli.site.root });
const readNotices = async () => NoticesFileSchema.parse(JSON.parse(await readFile(noticesFile(), 'utf8')));

/** The lines only one of two texts has, each in its order: what a line diff of them shows. */
function linesChanged(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split('\n');
  const b = after.split('\n');
  // Longest common subsequence, small files.
  const lcs = a.map(() => b.map(() => 0));
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      const row = lcs[i] ?? [];
      row[j] = a[i] === b[j] ? (lcs[i + 1]?.[j + 1] ?? 0) + 1 : Math.max(lcs[i + 1]?.[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const removed: string[] = [];
  const added: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      i += 1;
      j += 1;
    } else if (j < b.length && (i >= a.length || (lcs[i]?.[j + 1] ?? 0) >= (lcs[i + 1]?.[j] ?? 0))) {
      added.push(b[j] ?? '');
      j += 1;
    } else {
      removed.push(a[i] ?? '');
      i += 1;
    }
  }
  return { removed, added };
}

/** The notices file with one open incident declaring the Build Service, as the commands write it. */
async function openOne(): Promise<void> {
  await writeFile(
    noticesFile(),
    serializeNoticesFile([
      {
        id: 'builds-failing',
        title: 'Builds are failing',
        components: ['Build Service'],
        kind: 'incident',
        state: 'investigating',
        updates: [
          {
            at: '2026-11-25T14:02:00Z',
            state: 'investigating',
            text: 'A fifth of builds fail.',
            impact: { 'Build Service': 'partial_outage' },
          },
        ],
      },
    ]),
  );
}

describe('notice and maintenance, on real files, with no probe running', () => {
  it('writes the whole story to the file, stable for a diff, and publishes the notice documents, never the status', async () => {
    await writeFile(noticesFile(), '[]\n');
    const opened = await notice(
      'open',
      '--title',
      'Builds are failing',
      '--text',
      'A fifth of builds fail.',
      '--component',
      'Build Service=partial_outage',
    );
    expect(opened.code, opened.stderr).toBe(0);
    const [, id = ''] = /opened (\S+) in data\/notices\.json/.exec(opened.stdout) ?? [];
    expect(id).toMatch(/^builds-are-failing-\d{4}-\d{2}-\d{2}$/);
    expect(opened.stdout).toContain(
      'notice: no probe holds .state/probe.lock: wrote public/api/v1/notices, public/feed.atom, 5 feeds of components and groups and 5 maintenance calendars; the status follows at the probe',
    );
    const afterOpen = await readFile(noticesFile(), 'utf8');

    expect((await notice('update', id, '--state', 'identified', '--text', 'A storage node is full.')).code).toBe(0);
    // The file is two-space JSON in the schema's order, and an edit keeps every line it does not change: a git
    // diff of the update shows the notice's new state and its new update, nothing else.
    const afterUpdate = await readFile(noticesFile(), 'utf8');
    expect(afterUpdate).toBe(`${JSON.stringify(JSON.parse(afterUpdate), null, 2)}\n`);
    expect(linesChanged(afterOpen, afterUpdate)).toEqual({
      removed: ['    "state": "investigating",'],
      added: [
        '    "state": "identified",',
        '      },',
        '      {',
        expect.stringMatching(/^ {8}"at": "\S+Z",$/),
        '        "state": "identified",',
        '        "text": "A storage node is full."',
      ],
    });
    expect((await notice('resolve', id, '--text', 'Builds run normally again.')).code).toBe(0);
    await writeFile(join(cli.site.root, 'postmortem.txt'), 'A storage node filled up.\n\nWe now alert at 80 %.\n');
    const postmortem = await notice('postmortem', id, '--file', 'postmortem.txt');
    expect(postmortem.code, postmortem.stderr).toBe(0);
    const [written] = await readNotices();
    expect(written).toMatchObject({
      id,
      state: 'resolved',
      postmortem: { text: 'A storage node filled up.\n\nWe now alert at 80 %.' },
    });
    expect(written?.updates.map((update) => update.state)).toEqual(['investigating', 'identified', 'resolved']);

    const published = NoticesDocumentSchema.parse(
      JSON.parse(await readFile(join(cli.site.publicDir, 'api', 'v1', 'notices'), 'utf8')),
    );
    expect(published.notices.find((each) => each.id === id)).toEqual(written);
    const feed = parseFeed(await readFile(join(cli.site.publicDir, 'feed.atom'), 'utf8'));
    expect(feed.items.find((item) => item.title?.startsWith('Builds are failing'))?.title).toBe(
      'Builds are failing (Postmortem)',
    );
    await expect(stat(join(cli.site.publicDir, 'api', 'v1', 'status'))).rejects.toThrow(/ENOENT/);

    const listed = await notice('list');
    expect(listed.stdout).toMatch(
      new RegExp(`^${id}  incident resolved, postmortem  \\S+  "Builds are failing"; affects Build Service\\n`),
    );
  });

  it('lands both of two commands run at once: neither loses the other’s notice', async () => {
    await writeFile(noticesFile(), '[]\n');
    const runs = await Promise.all(
      ['Builds are failing', 'Pushes time out', 'Logs are late'].map((title) =>
        notice('open', '--title', title, '--text', 'Looking into it.'),
      ),
    );
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    expect((await readNotices()).map((each) => each.title).sort()).toEqual([
      'Builds are failing',
      'Logs are late',
      'Pushes time out',
    ]);
  });

  it('publishes every notice of five commands run at once, each one saying it published, none naming a sibling', async () => {
    await writeFile(noticesFile(), '[]\n');
    const titles = ['Builds are failing', 'Pushes time out', 'Logs are late', 'Logins fail', 'Metrics are missing'];
    const runs = await Promise.all(
      titles.map((title) => notice('open', '--title', title, '--text', 'Looking into it.')),
    );
    for (const run of runs) {
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).not.toMatch(/the probe holding/);
    }
    const published = NoticesDocumentSchema.parse(
      JSON.parse(await readFile(join(cli.site.publicDir, 'api', 'v1', 'notices'), 'utf8')),
    );
    expect(published.notices.map(({ title }) => title).sort()).toEqual([...titles].sort());
    const feed = parseFeed(await readFile(join(cli.site.publicDir, 'feed.atom'), 'utf8'));
    expect(feed.items).toHaveLength(titles.length);
  });

  it('takes every one of eight updates run at once with no --at, each after the one before', async () => {
    await openOne();
    const runs = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        notice('update', 'builds-failing', '--state', 'identified', '--text', `Update ${index}.`),
      ),
    );
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    const [incident] = await readNotices();
    const times = incident?.updates.map(({ at }) => Date.parse(at)) ?? [];
    expect(times).toHaveLength(9);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('leaves the public directory to the probe that holds the writer lock', async () => {
    await writeFile(noticesFile(), '[]\n');
    // A live process of this host holds the lock: this test's own.
    await mkdir(join(cli.site.root, '.state'));
    const holder = { pid: process.pid, host: hostname(), since: '2026-11-25T14:00:00Z' };
    await writeFile(join(cli.site.root, '.state', 'probe.lock'), `${JSON.stringify(holder)}\n`);
    const opened = await notice('open', '--title', 'Builds are failing', '--text', 'Looking into it.');
    expect(opened.code, opened.stderr).toBe(0);
    expect(opened.stdout).toContain(
      `notice: the probe holding .state/probe.lock (pid ${process.pid} on ${hostname()}) publishes it with its next cycle`,
    );
    await expect(stat(join(cli.site.publicDir, 'api', 'v1', 'notices'))).rejects.toThrow(/ENOENT/);
    expect(await readNotices()).toHaveLength(1);
  });

  it.each<[string, string[], RegExp]>([
    [
      'an unknown component',
      ['open', '--title', 'X', '--text', 't', '--component', 'Registy=major_outage'],
      /^notice open: --component: "Registy=major_outage": "Registy" is not a component in data\/components\.json; did you mean Registry\?$/,
    ],
    [
      'a state an incident does not declare',
      ['open', '--title', 'X', '--text', 't', '--component', 'Registry=under_maintenance'],
      /^notice open: --component: .*not a state an incident declares/,
    ],
    [
      'an unknown id',
      ['update', 'nope', '--state', 'identified', '--text', 't'],
      /^notice update: ID: no notice "nope"/,
    ],
    [
      'a maintenance state for an incident',
      ['update', 'builds-failing', '--state', 'scheduled', '--text', 't'],
      /^notice update: --state: "scheduled" is a maintenance state/,
    ],
    [
      'an update dated before the last one',
      ['update', 'builds-failing', '--state', 'identified', '--text', 't', '--at', '2026-11-25T14:00:00Z'],
      /^notice update: --at: 2026-11-25T14:00:00Z is before the latest update/,
    ],
    [
      'a postmortem of an open incident',
      ['postmortem', 'builds-failing', '--file', 'data/regions.json'],
      /^notice postmortem: ID: "builds-failing" is investigating: a postmortem follows the resolution/,
    ],
    [
      'a postmortem file that is not there',
      ['postmortem', 'builds-failing', '--file', 'nowhere.txt'],
      /^notice postmortem: --file: nowhere\.txt: no such file$/,
    ],
    [
      'a name that is no component, nor near one',
      ['open', '--title', 'X', '--text', 't', '--component', 'Database'],
      /^notice open: --component: "Database": "Database" is not a component in data\/components\.json$/,
    ],
    [
      'an id already used',
      ['open', '--id', 'builds-failing', '--title', 'X', '--text', 't'],
      /^notice open: --id: "builds-failing" is already a notice; ids are never reused$/,
    ],
  ])('refuses %s in one line, leaving the file byte for byte as it was', async (_case, args, message) => {
    await openOne();
    const before = await readFile(noticesFile());
    const refused = await notice(...args);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(refused.stderr.trimEnd()).toMatch(message);
    expect(await readFile(noticesFile())).toEqual(before);
  });

  it.each([
    ['the state as the page writes it', 'Registry=major outage'],
    ['any case, hyphens and surrounding space', '  registry =Major-Outage'],
  ])('takes %s: %j', async (_case, component) => {
    await writeFile(noticesFile(), '[]\n');
    const opened = await notice('open', '--title', 'Pushes time out', '--text', 't', '--component', component);
    expect(opened.code, opened.stderr).toBe(0);
    const [written] = await readNotices();
    if (written?.kind !== 'incident') throw new Error('an incident was opened');
    expect(written.components).toEqual(['Registry']);
    expect(written.updates[0]?.impact).toEqual({ Registry: 'major_outage' });
  });

  it('names the -- that npm run swallowed the flags for, instead of an unexpected argument', async () => {
    await writeFile(noticesFile(), '[]\n');
    const script = `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI_ENTRY)} notice`;
    await writeFile(join(cli.site.root, 'package.json'), JSON.stringify({ name: 'site', scripts: { notice: script } }));
    const result = await runProcess('npm', ['run', 'notice', 'open', '--title', 'Pushes time out', '--text', 't'], {
      cwd: cli.site.root,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'npm took --title, --text as its own settings, so this command never saw them: put -- between the script and its arguments, as in npm run notice -- ARGUMENTS --title …',
    );
    expect(result.stderr).not.toContain('unexpected argument');
    expect(await readNotices()).toEqual([]);
  });

  it('refuses a maintenance command on an incident, and a window that ends first, leaving the file as it was', async () => {
    await openOne();
    const before = await readFile(noticesFile());
    const maintenance = (...args: string[]) => runCli(['maintenance', ...args], { cwd: cli.site.root });
    const started = await maintenance('start', 'builds-failing');
    expect(started.stderr.trim()).toBe(
      'maintenance start: ID: "builds-failing" is an incident notice: use notice update or resolve',
    );
    const backwards = await maintenance(
      'schedule',
      '--title',
      'Upgrade',
      '--text',
      't',
      '--start',
      '2026-11-26T04:00:00Z',
      '--end',
      '2026-11-26T02:00:00Z',
    );
    expect(backwards.stderr.trim()).toBe(
      'maintenance schedule: --end: 2026-11-26T02:00:00Z is not after --start 2026-11-26T04:00:00Z',
    );
    expect([started.code, backwards.code]).toEqual([1, 1]);
    expect(await readFile(noticesFile())).toEqual(before);
  });

  it('refuses to edit a file that is already invalid, naming the file, the path and the reason', async () => {
    const broken =
      '[{"id": "x", "title": "X", "components": [], "kind": "incident", "state": "resolved", "updates": []}]\n';
    await writeFile(noticesFile(), broken);
    const refused = await notice('open', '--title', 'Y', '--text', 't');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^data\/notices\.json: \[0\]\.updates: /);
    expect(await readFile(noticesFile(), 'utf8')).toBe(broken);
  });
});
