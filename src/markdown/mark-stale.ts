import { STALE_AFTER_LABEL } from './render-status-markdown.js';

const STALE_AFTER_LINE = new RegExp(`^- ${STALE_AFTER_LABEL} (\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z)$`, 'm');

/** The time `status.md` says it goes stale (its "Stale after" line), or `undefined` if it says none. Pure. */
export function readStaleAfter(markdown: string): string | undefined {
  return STALE_AFTER_LINE.exec(markdown)?.[1];
}

/**
 * `status.md` as `serve` answers it once past its stale-after time: a first
 * line saying the status is out of date, as the page's banner does, then the
 * document as written. Pure.
 */
export function markStale(markdown: string, staleAfter: string): string {
  return (
    `> **Out of date:** this status went stale at ${staleAfter} (UTC) and may no longer be true; ` +
    `the status probe may have stopped.\n\n${markdown}`
  );
}
