import { describe, expect, it } from 'vitest';
import { describeComponentsConfigPaths, nameComponents } from '../../../src/schemas/component-paths.js';

describe('nameComponents: a component by its name where that is usable, else by its index', () => {
  const components = [
    { name: 'Control API' },
    { name: 'Scheduler' },
    { name: 'Build Service' },
    { url: 'http://127.0.0.1:1/' },
    { name: '' },
    { name: 7 },
    { name: 'Registry' },
    { name: 'Registry' },
    { name: 'Caf\u00e9' },
    { name: 'Cafe\u0301' },
    { name: 'Build\u001bService' },
    'not an object',
    { name: 'Quote "this"' },
  ];
  const name = nameComponents(components);

  it('names a component with a unique, valid name', () => {
    expect(name(2)).toBe('components["Build Service"]');
    expect(name(12)).toBe('components["Quote \\"this\\""]');
  });

  it.each([
    ['no name', 3],
    ['an empty name', 4],
    ['a name that is not a string', 5],
    ['a name another component has too', 6],
    ['a name another has in another Unicode normalisation', 9],
    ['a name with a control character', 10],
    ['an item that is not an object', 11],
    ['an index past the end', 20],
  ])('falls back to the index for %s', (_what, index) => {
    expect(name(index)).toBe(`components[${index}]`);
  });

  it('uses the index for any list that is not one', () => {
    expect(nameComponents(undefined)(0)).toBe('components[0]');
  });
});

describe('describeComponentsConfigPaths', () => {
  const describePath = describeComponentsConfigPaths({ components: [{ name: 'Build Service' }, {}] });

  it.each<[PropertyKey[], string]>([
    [['components', 0], 'components["Build Service"]'],
    [['components', 0, 'url'], 'components["Build Service"].url'],
    [['components', 0, 'checks', 1, 'url'], 'components["Build Service"].checks[1].url'],
    [['components', 1, 'name'], 'components[1].name'],
    [['components'], 'components'],
    [['maintenance', 0, 'components', 0], 'maintenance[0].components[0]'],
    [[], ''],
  ])('writes %j as %s', (path, written) => {
    expect(describePath(path)).toBe(written);
  });
});
