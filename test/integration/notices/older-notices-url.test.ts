import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOTICES_PATH } from '../../../src/api-paths.js';
import { urlNoticesSource } from '../../../src/notices/url-notices-source.js';
import type { Notice } from '../../../src/schemas/notice.js';
import { useLoopbackServers } from '../../helpers/loopback-server.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';

const startServer = useLoopbackServers();
const tempDir = tempDirsPerTest();
const NOW = new Date('2026-11-25T14:05:00Z');

const incident = (id: string, at: string): Notice => ({
  id,
  title: id,
  components: ['Build Service'],
  kind: 'incident',
  state: 'investigating',
  updates: [{ at, state: 'investigating', text: 'Looking.', impact: { 'Build Service': 'major_outage' } }],
});

describe('the notices of a published place, answered older than those in force', () => {
  it('keeps the newer (a stale cache or a replayed answer), says so once, and takes a newer answer', async () => {
    let served: Notice[] = [incident('older', '2026-11-25T13:00:00Z'), incident('newer', '2026-11-25T14:00:00Z')];
    const server = await startServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ version: 'v1', notices: served }));
    });
    const componentsFile = join(await tempDir(), 'components.json');
    await writeFile(componentsFile, JSON.stringify({ region: 'fra1', components: [] }));
    const lines: string[] = [];
    const source = urlNoticesSource({
      url: `${server.origin}${NOTICES_PATH}`,
      componentsFile,
      log: { info: (line) => lines.push(line), error: (line) => lines.push(line) },
      now: () => NOW,
    });
    const ids = async () => (await source.read(NOW))?.map((notice) => notice.id);

    expect(await ids()).toEqual(['older', 'newer']);
    served = [incident('older', '2026-11-25T13:00:00Z')];
    expect(await ids()).toEqual(['older', 'newer']);
    expect(await ids()).toEqual(['older', 'newer']);
    expect(lines).toEqual([
      `notices: ${server.origin}${NOTICES_PATH}: its notices were last changed at 2026-11-25T13:00:00Z, before the notices in force (2026-11-25T14:00:00Z): an older version, refused; the newer stay in force`,
    ]);
    served = [incident('newest', '2026-11-25T14:01:00Z')];
    expect(await ids()).toEqual(['newest']);
    expect(lines.at(-1)).toMatch(`notices: reading ${server.origin}${NOTICES_PATH} again (the problem lasted`);
  });
});
