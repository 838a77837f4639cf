import { existsSync } from 'node:fs';
import { readDocument } from '../io/read-document.js';
import { type ComponentGroups, groupsOf } from '../schemas/component-groups.js';
import { ComponentsConfigSchema } from '../schemas/components-config.js';

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
