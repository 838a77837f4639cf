import { componentHistoryPath } from '../api-paths.js';
import { readOptionalDocument } from '../io/read-optional-document.js';
import { ComponentsConfigSchema } from '../schemas/components-config.js';
import { assignSlugs } from '../slugs/assign-slugs.js';

/**
 * The detail documents the probe writes for the components in
 * `componentsFile` (`api/v1/component-history/{slug}.json`, relative to the
 * public directory), so that the host exports give each its headers before
 * the probe has written it. None without the file; a bad file is an `InputError`.
 */
export async function listComponentHistoryFiles(componentsFile: string): Promise<string[]> {
  const config = await readOptionalDocument(componentsFile, ComponentsConfigSchema);
  if (config === undefined) return [];
  const slugs = assignSlugs(config.components.map((component) => component.name));
  return [...slugs.values()].map((slug) => componentHistoryPath(slug).slice(1));
}
