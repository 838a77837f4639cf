import { BADGES_PATH } from '../api-paths.js';
import type { PublicDirWriter } from '../public-dir/public-dir-writer.js';
import { renderBadgeSvg } from './render-badge-svg.js';
import type { Badge } from './render-badges.js';

/** Writes a cycle's badges, each only when its text changed. */
export type BadgePublisher = (badges: readonly Badge[]) => Promise<void>;

/**
 * Writes each badge twice under `/badges/`: `NAME.json` for
 * shields.io's endpoint badge and `NAME.svg` to embed directly, each file
 * replaced atomically. Badges change far less often than cycles run, and a
 * platform of 1,000 components has 4,000 badge files, so a badge is written
 * only when its content differs from what was last written there (the
 * writer's `ifChanged`), its SVG not even rendered while its JSON is the
 * same. After a start, a file that already holds exactly what would be
 * written is left alone rather than written again (`'or-on-disk'`): reading
 * a file back costs a fraction of replacing it, and a restart at 1,000
 * components would otherwise replace all 4,000. With `--precompress`, each
 * file gets `.gz` and `.br` siblings, which are not read back: every badge
 * is then written after a start. No flush per file: a start, which a power
 * cut is followed by, compares or writes every badge again (4,000 flushes
 * made the first cycle at 1,000 components take 15 s). Throws on a failed
 * write, which is then tried again next cycle; the caller logs it.
 */
export function createBadgePublisher(publicDir: PublicDirWriter): BadgePublisher {
  return async (badges) => {
    for (const { name, content } of badges) {
      const json = `${JSON.stringify(content)}\n`;
      const base = `${BADGES_PATH}/${name}` as const;
      if (publicDir.holds(`${base}.json`, json)) continue;
      // The SVG first: a JSON as it should be says its SVG was written before it.
      await publicDir.write(`${base}.svg`, renderBadgeSvg(content), { sync: false, ifChanged: 'or-on-disk' });
      await publicDir.write(`${base}.json`, json, { sync: false, ifChanged: 'or-on-disk' });
    }
  };
}
