import { open, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProbeLog } from '../../../src/log/probe-log.js';
import { createProber } from '../../../src/probe-process/create-prober.js';
import { STATE_RESAVE_MS } from '../../../src/probe-process/probe-state-file.js';
import { createPublicDirWriter } from '../../../src/public-dir/public-dir-writer.js';
import type { ObservationsDocument } from '../../../src/schemas/observations.js';
import { formatTimestamp } from '../../../src/schemas/service-status.js';
import { useLoopbackServers } from '../../helpers/loopback-server.js';
import { checkAt, settingsFor } from '../../helpers/probe-settings.js';
import { useStandins } from '../../helpers/standins.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';
import { CAN_MOUNT_TMPFS, mountTmpfs, type Tmpfs } from '../../helpers/tmpfs.js';

/**
 * What fails the same way every cycle is logged when it starts, when it
 * changes and when it ends, with a reminder at most hourly: real cycles of
 * the real prober, on a real full disk and against real silent peers, with
 * a clock the test moves on by 20 s per cycle (a slow schedule, so that an
 * hour of cycles is 180 of them, not 720).
 */
const standin = useStandins();
const CYCLE_MS = 20_000;
let root: string;
let clockMs: number;
let lines: { level: 'info' | 'error'; line: string }[];
const mounts: Tmpfs[] = [];
const loopback = useLoopbackServers();
const log: ProbeLog = {
  info: (line) => lines.push({ level: 'info', line }),
  error: (line) => lines.push({ level: 'error', line }),
};
const now = () => new Date(clockMs);

const tempDir = tempDirsPerTest({ prefix: 'conditions-' });
beforeEach(async () => {
  root = await tempDir();
  clockMs = Date.parse('2026-11-22T10:00:00Z');
  lines = [];
});
afterEach(async () => {
  for (const mount of mounts.splice(0)) await mount.remove();
});

const matching = (pattern: RegExp) => lines.filter(({ line }) => pattern.test(line));

/** Fills every byte left on the file system of `dir`; returns the filler to remove. */
async function fill(dir: string): Promise<string> {
  const filler = join(dir, 'filler');
  await writeFile(filler, '');
  const handle = await open(filler, 'a');
  for (;;) {
    try {
      await handle.write(Buffer.alloc(4096));
    } catch {
      break;
    }
  }
  await handle.close();
  return filler;
}

describe('a probe state that cannot be saved', () => {
  it.runIf(CAN_MOUNT_TMPFS)('is logged once when the disk fills, reminded hourly, and its end is logged', async () => {
    const mount = (await mountTmpfs(128)) as Tmpfs;
    mounts.push(mount);
    const component = await standin({ mode: 'healthy' });
    const prober = createProber({
      settings: settingsFor([{ name: 'Registry', checks: [checkAt(`${component.origin}/v2/`)] }]),
      publicDir: createPublicDirWriter(join(root, 'public')),
      stateFile: join(mount.dir, 'probe-state.json'),
      log,
      now,
    });
    const cycles = async (count: number) => {
      for (let index = 0; index < count; index += 1) {
        expect(await prober.runCycle()).toMatchObject({ published: true });
        clockMs += CYCLE_MS;
      }
    };
    await cycles(1);
    // Unchanged memory is saved again every five minutes: from now on every cycle is due to save it.
    clockMs += STATE_RESAVE_MS;
    await rm(join(mount.dir, 'probe-state.json'));
    const filler = await fill(mount.dir);
    // 30 minutes of cycles: one line, not 90.
    await cycles(90);
    expect(matching(/could not save the probe state/).map(({ line }) => line)).toEqual([
      expect.stringMatching(/could not save the probe state to .*probe-state\.json: ENOSPC .*; the flapping memory/),
    ]);
    // Past the hour since it was logged: one reminder, saying for how long.
    await cycles(100);
    const saving = matching(/could not save the probe state/);
    expect(saving).toHaveLength(2);
    expect(saving[1]?.line).toMatch(/\(still so, for 60 min, seen 181 times\)$/);
    await rm(filler);
    await cycles(12);
    const recovered = matching(/saving the probe state/);
    expect(recovered).toEqual([
      {
        level: 'info',
        line: expect.stringMatching(
          /^saving the probe state to .*probe-state\.json again \(the problem lasted 63 min,/,
        ),
      },
    ]);
    expect(matching(/could not save the probe state/)).toHaveLength(2);
    prober.close();
  });
});

describe('peers that stay unreachable', () => {
  it('log "no quorum" when it starts and changes, hourly while it goes on, and "quorum again" at its end', async () => {
    let answering = new Set<string>();
    const peer = async (region: string) => {
      const server = await loopback((_request, response) => {
        if (!answering.has(region)) {
          response.writeHead(503).end();
          return;
        }
        const document: ObservationsDocument = {
          version: 'v1',
          region,
          observed_at: formatTimestamp(now()),
          components: [
            {
              name: 'Control API',
              scope: 'global',
              status: 'operational',
              failure_class: null,
              latency_ms: 3,
              vote: null,
            },
          ],
          peers: [],
        };
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(document));
      });
      return { region, url: `${server.origin}/api/v1/observations` };
    };
    const peers = [await peer('fra1'), await peer('lhr1')];
    const component = await standin({ mode: 'healthy' });
    const prober = createProber({
      settings: settingsFor(
        [{ name: 'Control API', scope: 'global', checks: [checkAt(`${component.origin}/healthz`)] }],
        { peers, peerTimeoutMs: 1_000, peerMaxAgeMs: 60_000 },
      ),
      publicDir: createPublicDirWriter(join(root, 'public')),
      stateFile: join(root, 'state.json'),
      log,
      now,
    });
    const cycles = async (count: number) => {
      for (let index = 0; index < count; index += 1) {
        expect(await prober.runCycle()).toMatchObject({ published: true });
        clockMs += CYCLE_MS;
      }
    };
    await cycles(15);
    const noQuorum = () => matching(/^no quorum/);
    expect(noQuorum()).toHaveLength(1);
    expect(noQuorum()[0]?.line).toContain('peers not counted: fra1 unreachable');
    // One peer comes back: still no quorum? 2 of 3 is a quorum, so it ends, and says so once.
    answering = new Set(['fra1']);
    await cycles(3);
    expect(matching(/^quorum again/)).toHaveLength(1);
    expect(matching(/^quorum again/)[0]).toMatchObject({ level: 'info' });
    expect(matching(/^quorum again/)[0]?.line).toMatch(/\(the problem lasted 5 min, seen 15 times\)$/);
    // Both silent again for over an hour: logged at the start, once more an hour later.
    answering = new Set();
    await cycles(200);
    expect(noQuorum()).toHaveLength(3);
    expect(noQuorum()[2]?.line).toMatch(/\(still so, for 60 min, seen 181 times\)$/);
    expect(lines.filter(({ level }) => level === 'error')).toHaveLength(3);
    prober.close();
  }, 60_000);
});
