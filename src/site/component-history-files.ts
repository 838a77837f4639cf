import { componentHistoryPath } from '../api-paths.js';
import type { ComponentsConfig } from '../schemas/components-config.js';
import { assignSlugs } from '../slugs/assign-slugs.js';

/**
 * The detail documents the probe writes for the components of `config`
 * (`api/v1/component-history/{slug}.json`, relative to the public
 * directory), so that the host exports give each its headers before the
 * probe has written it. None without a config. Pure.
 */
export function listComponentHistoryFiles(config: ComponentsConfig | undefined): string[] {
  if (config === undefined) return [];
  const slugs = assignSlugs(config.components.map((component) => component.name));
  return [...slugs.values()].map((slug) => componentHistoryPath(slug).slice(1));
}
