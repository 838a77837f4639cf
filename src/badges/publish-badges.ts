import { BADGES_PATH } from '../api-paths.js';
import { writePublicFile } from '../compression/write-public-file.js';
import { renderBadgeSvg } from './render-badge-svg.js';
import type { Badge } from './render-badges.js';

/** Writes a cycle's badges; remembers what it wrote, so that only a badge whose text changed is written again. */
export type BadgePublisher = (badges: readonly Badge[]) => Promise<void>;

/**
 * Writes each badge twice under `publicDir/badges/`: `NAME.json` for
 * shields.io's endpoint badge and `NAME.svg` to embed directly, each file
 * replaced atomically. Badges change far less often than cycles run, and a
 * platform of 1,000 components has 4,000 badge files, so a badge is written
 * only when its content differs from what this publisher last wrote (all of
 * them after a start). No flush per file: a start, which a power cut is
 * followed by, writes every badge again (4,000 flushes made the first cycle
 * at 1,000 components take 15 s). With `precompress`, each file gets `.gz`
 * and `.br` siblings (`writePublicFile`). Throws on a failed write, which is then tried
 * again next cycle; the caller logs it.
 */
export function createBadgePublisher(publicDir: string, { precompress = false } = {}): BadgePublisher {
  const written = new Map<string, string>();
  return async (badges) => {
    for (const { name, content } of badges) {
      const json = `${JSON.stringify(content)}\n`;
      if (written.get(name) === json) continue;
      const base = `${BADGES_PATH}/${name}`;
      await writePublicFile(publicDir, `${base}.svg`, renderBadgeSvg(content), { precompress, sync: false });
      await writePublicFile(publicDir, `${base}.json`, json, { precompress, sync: false });
      written.set(name, json);
    }
  };
}
