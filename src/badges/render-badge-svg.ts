import { makeBadge } from 'badge-maker';
import type { BadgeContent } from './shields-endpoint.js';

/**
 * The badge as SVG, drawn by badge-maker (the library shields.io itself
 * renders with), in its default flat style. badge-maker escapes the text, so
 * a component name is never markup.
 */
export function renderBadgeSvg({ label, message, color }: BadgeContent): string {
  return makeBadge({ label, message, color });
}
