import type { z } from 'zod';
import { type Notice, NoticesFileSchema } from '../schemas/notice.js';

/**
 * `data/notices.json` with the rules a single notice's shape cannot say:
 * ids unique, updates oldest first, a maintenance window that ends after it
 * starts, the notice's state equal to its latest update's, affected
 * components that exist, declared states only of components the notice
 * affects, and a postmortem only after the resolution. `componentNames` is `undefined` when no components
 * file was found; then any named component is reported.
 */
export function noticesFileSchemaFor(componentNames: ReadonlySet<string> | undefined, componentsFile: string) {
  return NoticesFileSchema.superRefine((notices, ctx) => {
    const firstIndex = new Map<string, number>();
    notices.forEach((notice, index) => {
      const seen = firstIndex.get(notice.id);
      if (seen === undefined) firstIndex.set(notice.id, index);
      else issue(ctx, [index, 'id'], `${JSON.stringify(notice.id)} is already used by [${seen}]`);
      checkNotice(notice, index, componentNames, componentsFile, ctx);
    });
  });
}

function checkNotice(
  notice: Notice,
  index: number,
  componentNames: ReadonlySet<string> | undefined,
  componentsFile: string,
  ctx: z.RefinementCtx,
): void {
  notice.components.forEach((name, nameIndex) => {
    if (componentNames?.has(name)) return;
    const where = componentNames === undefined ? `${componentsFile} was not found` : `not in ${componentsFile}`;
    issue(ctx, [index, 'components', nameIndex], `${JSON.stringify(name)} is not the name of a component (${where})`);
  });
  notice.updates.forEach((update, updateIndex) => {
    if ('impact' in update && update.impact !== undefined) {
      for (const name of Object.keys(update.impact)) {
        const path = [index, 'updates', updateIndex, 'impact', name];
        if (componentNames !== undefined && !componentNames.has(name)) {
          issue(ctx, path, `${JSON.stringify(name)} is not the name of a component (not in ${componentsFile})`);
        } else if (notice.components.length > 0 && !notice.components.includes(name)) {
          issue(ctx, path, `${JSON.stringify(name)} is not in the notice's components; add it there too`);
        }
      }
    }
    const previous = notice.updates[updateIndex - 1];
    if (previous !== undefined && Date.parse(update.at) < Date.parse(previous.at)) {
      issue(
        ctx,
        [index, 'updates', updateIndex, 'at'],
        `is before updates[${updateIndex - 1}].at; list updates oldest first`,
      );
    }
  });
  const latest = notice.updates.at(-1);
  if (latest !== undefined && latest.state !== notice.state) {
    issue(
      ctx,
      [index, 'state'],
      `is ${JSON.stringify(notice.state)} but the latest update says ${JSON.stringify(latest.state)}; they must agree`,
    );
  }
  if (notice.kind === 'incident' && notice.postmortem !== undefined) {
    if (notice.state !== 'resolved') {
      issue(ctx, [index, 'postmortem'], 'a postmortem follows the resolution: resolve the notice first');
    } else if (latest !== undefined && Date.parse(notice.postmortem.at) < Date.parse(latest.at)) {
      issue(ctx, [index, 'postmortem', 'at'], `is before the latest update (${latest.at})`);
    }
  }
  if (notice.kind === 'maintenance' && Date.parse(notice.window.end) <= Date.parse(notice.window.start)) {
    issue(ctx, [index, 'window', 'end'], 'must be after start');
  }
}

function issue(ctx: z.RefinementCtx, path: (string | number)[], message: string): void {
  ctx.addIssue({ code: 'custom', path, message });
}
