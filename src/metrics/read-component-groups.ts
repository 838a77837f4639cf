import { existsSync } from 'node:fs';
import { readDocument } from '../io/read-document.js';
import { ComponentsConfigSchema } from '../schemas/components-config.js';
import type { ComponentGroups } from './status-samples.js';

/**
 * Each component's group from the probe's config, for the metrics' `group`
 * label; none when there is no config beside the server. A config that
 * exists but is invalid throws `InputError`, as it would for the probe.
 */
export async function readComponentGroups(configFile: string): Promise<ComponentGroups> {
  if (!existsSync(configFile)) return new Map();
  const config = await readDocument(configFile, ComponentsConfigSchema);
  return groupsOf(config.components);
}

/** The groups of the components that name one. */
export function groupsOf(components: readonly { readonly name: string; readonly group?: string | undefined }[]) {
  return new Map(components.flatMap(({ name, group }) => (group === undefined ? [] : [[name, group] as const])));
}
