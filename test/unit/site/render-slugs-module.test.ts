import { describe, expect, it } from 'vitest';
import { listFeedScopes } from '../../../src/feed/feed-scopes.js';
import { renderSharedModule } from '../../../src/site/render-shared-module.js';
import { assignSlugs } from '../../../src/slugs/assign-slugs.js';

/** Loads module text the way a browser would: as a standalone ES module with no imports. */
async function importModuleText(text: string): Promise<Record<string, unknown>> {
  return import(`data:text/javascript;base64,${Buffer.from(text).toString('base64')}`);
}

/** The page's own functions, from the module it imports them from. */
async function pageFunctions() {
  const page = await importModuleText(renderSharedModule());
  const { assignSlugs: assign, componentFeedPath, groupFeedPath } = page;
  if (typeof assign !== 'function' || typeof componentFeedPath !== 'function' || typeof groupFeedPath !== 'function') {
    throw new Error('the shared module lacks the slug rule');
  }
  return {
    assignSlugs: (names: readonly string[]) => new Map<string, string>(assign(names)),
    componentFeedPath: (slug: string): unknown => componentFeedPath(slug),
    groupFeedPath: (slug: string): unknown => groupFeedPath(slug),
  };
}

const NAMES = [
  'Scheduler',
  'Build Service',
  'build-service',
  'Zürich Registry',
  'ﬁle store',
  '東京',
  '!!!',
  'x'.repeat(70),
  `${'x'.repeat(70)}!`,
];

describe("the shared module's slug rule", () => {
  it('names components as the server does: the same slugs for the same names in the same order', async () => {
    const page = await pageFunctions();
    expect([...page.assignSlugs(NAMES)]).toEqual([...assignSlugs(NAMES)]);
  });

  it('gives each component and group the path its feed is written at', async () => {
    const page = await pageFunctions();
    const components = [
      { name: 'Scheduler', group: 'Compute' },
      { name: 'Build Service', group: 'compute' },
      { name: 'build-service' },
    ];
    const componentSlugs = page.assignSlugs(components.map(({ name }) => name));
    const groupSlugs = page.assignSlugs(['Compute', 'compute']);
    expect([
      ...components.map(({ name }) => page.componentFeedPath(componentSlugs.get(name) ?? '')),
      ...['Compute', 'compute'].map((name) => page.groupFeedPath(groupSlugs.get(name) ?? '')),
    ]).toEqual(listFeedScopes(components).map(({ path }) => path));
  });
});
