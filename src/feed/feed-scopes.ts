import {
  COMPONENT_FEEDS_PATH,
  componentFeedPath,
  FEED_EXTENSION,
  GROUP_FEEDS_PATH,
  groupFeedPath,
} from '../api-paths.js';
import { assignSlugs } from '../slugs/assign-slugs.js';

/** Where the feeds of components and groups lie: `DIR/{slug}.atom`. */
export const SCOPED_FEED_DIRECTORIES = [COMPONENT_FEEDS_PATH, GROUP_FEEDS_PATH] as const;

/**
 * Whether `path` (with its leading slash) is where the feed of a component or
 * a group lies, configured or not: `{slug}.atom` right under one of their
 * directories, the slug without a dot (the files their writer removes).
 */
export function isScopedFeedPath(path: string): boolean {
  const slash = path.lastIndexOf('/');
  const directory = path.slice(0, slash);
  const name = path.slice(slash + 1);
  return (
    SCOPED_FEED_DIRECTORIES.some((each) => each === directory) &&
    name.endsWith(FEED_EXTENSION) &&
    /^[^.]+$/.test(name.slice(0, -FEED_EXTENSION.length))
  );
}

/** A component or a group with a feed of its own. */
export interface FeedScope {
  readonly kind: 'component' | 'group';
  readonly name: string;
  /** Where its feed is served: `/feeds/components/{slug}.atom` or `/feeds/groups/{slug}.atom`. */
  readonly path: `/${string}`;
  /** The components whose incidents and notices it carries: the component itself, or every member of the group. */
  readonly members: ReadonlySet<string>;
}

/**
 * The feeds the configured `components` get, in config order: one per
 * component, then one per group in the order its first component stands,
 * each named by the one slug rule (`assignSlugs`), components and groups
 * apart, as their badges are. Pure.
 */
export function listFeedScopes(
  components: readonly { readonly name: string; readonly group?: string | undefined }[],
): FeedScope[] {
  const componentSlugs = assignSlugs(components.map(({ name }) => name));
  const members = new Map<string, Set<string>>();
  for (const { name, group } of components) {
    if (group !== undefined) members.set(group, (members.get(group) ?? new Set()).add(name));
  }
  const groupSlugs = assignSlugs([...members.keys()]);
  return [
    ...[...componentSlugs].map(([name, slug]) => ({
      kind: 'component' as const,
      name,
      path: componentFeedPath(slug),
      members: new Set([name]),
    })),
    ...[...members].map(([name, names]) => ({
      kind: 'group' as const,
      name,
      path: groupFeedPath(groupSlugs.get(name) ?? ''),
      members: names,
    })),
  ];
}
