import type { z } from 'zod';
import { nameComponents } from './component-paths.js';
import { nameKey, OTHER_CODE_POINTS } from './label.js';

/**
 * Component names are unique, compared in Unicode NFC (`nameKey`). Checked
 * even when other fields are invalid, so that one run reports every
 * problem; it reads the raw items for that reason.
 */
export function checkUniqueNames(config: { readonly components: readonly unknown[] }, ctx: z.RefinementCtx): void {
  const first = new Map<string, { index: number; name: string }>();
  config.components.forEach((component, index) => {
    const name: unknown = Reflect.get(Object(component), 'name');
    if (typeof name !== 'string') return;
    const seen = first.get(nameKey(name));
    if (seen === undefined) first.set(nameKey(name), { index, name });
    else {
      const how = seen.name === name ? '' : `, ${OTHER_CODE_POINTS}`;
      ctx.addIssue({
        code: 'custom',
        path: ['components', index, 'name'],
        message: `${JSON.stringify(name)} is already used by components[${seen.index}]${how}`,
      });
    }
  });
}

/**
 * A group is one group however often it is named, so every component of it
 * spells it with the same code points: two spellings that differ only in
 * Unicode normalisation would show as two groups of the same name.
 */
export function checkGroupSpellings(
  components: readonly { readonly group?: string | undefined }[],
  ctx: z.RefinementCtx,
): void {
  const first = new Map<string, { index: number; group: string }>();
  const nameComponent = nameComponents(components);
  components.forEach(({ group }, index) => {
    if (group === undefined) return;
    const seen = first.get(nameKey(group));
    if (seen === undefined) first.set(nameKey(group), { index, group });
    else if (seen.group !== group) {
      ctx.addIssue({
        code: 'custom',
        path: ['components', index, 'group'],
        message: `${JSON.stringify(group)} is the group of ${nameComponent(seen.index)} ${OTHER_CODE_POINTS}; write it the same way`,
      });
    }
  });
}
