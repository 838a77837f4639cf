import { readFileSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { BADGES_PATH } from '../api-paths.js';
import type { PublicDirWriter, UrlPath } from '../public-dir/public-dir-writer.js';
import { renderBadgeSvg } from './render-badge-svg.js';
import type { Badge } from './render-badges.js';

/** Writes a cycle's badges; remembers what it wrote, so that only a badge whose text changed is written again. */
export type BadgePublisher = (badges: readonly Badge[]) => Promise<void>;

/**
 * Writes each badge twice under `/badges/`: `NAME.json` for
 * shields.io's endpoint badge and `NAME.svg` to embed directly, each file
 * replaced atomically. Badges change far less often than cycles run, and a
 * platform of 1,000 components has 4,000 badge files, so a badge is written
 * only when its content differs from what this publisher last wrote. After a
 * start, a badge whose two files already hold exactly what would be written
 * is left alone rather than written again: reading a file back costs a
 * fraction of replacing it, and a restart at 1,000 components would
 * otherwise replace all 4,000. With `--precompress`, each file gets `.gz`
 * and `.br` siblings, which are not read back: every badge is then written
 * after a start. No flush per file: a start, which a power cut
 * is followed by, compares or writes every badge again (4,000 flushes made
 * the first cycle at 1,000 components take 15 s). Throws on a failed write,
 * which is then tried again next cycle; the caller logs it.
 */
export function createBadgePublisher(publicDir: PublicDirWriter): BadgePublisher {
  const written = new Map<string, string>();
  // A badge file is under a kilobyte: read with one blocking call after a turn of the event loop, as the
  // unflushed writes are (`writeAtomically`), rather than four trips through the thread pool.
  const holds = async (path: UrlPath, contents: string) => {
    await nextTurn();
    try {
      return readFileSync(publicDir.fileOf(path), 'utf8') === contents;
    } catch {
      return false;
    }
  };
  return async (badges) => {
    for (const { name, content } of badges) {
      const json = `${JSON.stringify(content)}\n`;
      const last = written.get(name);
      if (last === json) continue;
      const base = `${BADGES_PATH}/${name}` as const;
      const svg = renderBadgeSvg(content);
      const onDisk =
        last === undefined &&
        !publicDir.precompress &&
        (await holds(`${base}.json`, json)) &&
        (await holds(`${base}.svg`, svg));
      if (!onDisk) {
        await publicDir.write(`${base}.svg`, svg, { sync: false });
        await publicDir.write(`${base}.json`, json, { sync: false });
      }
      written.set(name, json);
    }
  };
}
