import { formatJsonPath } from '../errors/format-json-path.js';
import { NameSchema, nameKey } from './label.js';

/**
 * How problems about the components of `data/components.json` name each
 * one: by its name, `components["Build Service"]`, where the name is usable
 * (a valid name no other component shares); by its index, `components[2]`,
 * where it is not (missing, invalid, or the same as another's). Works on the
 * raw list, so that it names components in a file that is not yet valid.
 */
export function nameComponents(components: unknown): (index: number) => string {
  const names = Array.isArray(components)
    ? components.map((component: unknown) => {
        const name: unknown = Reflect.get(Object(component), 'name');
        return typeof name === 'string' && NameSchema.safeParse(name).success ? name : undefined;
      })
    : [];
  const counts = new Map<string, number>();
  for (const name of names) {
    if (name !== undefined) counts.set(nameKey(name), (counts.get(nameKey(name)) ?? 0) + 1);
  }
  return (index) => {
    const name = names[index];
    return name !== undefined && counts.get(nameKey(name)) === 1
      ? `components[${JSON.stringify(name)}]`
      : `components[${index}]`;
  };
}

/**
 * The issue paths of `data/components.json`, with each component named as
 * `nameComponents` does (`components["Registry"].checks[1].url`).
 */
export function describeComponentsConfigPaths(input: unknown): (path: readonly PropertyKey[]) => string {
  const nameComponent = nameComponents(Reflect.get(Object(input), 'components'));
  return (path) => {
    const [first, index, ...rest] = path;
    if (first !== 'components' || typeof index !== 'number') return formatJsonPath(path);
    const within = formatJsonPath(rest);
    return `${nameComponent(index)}${within === '' || within.startsWith('[') ? within : `.${within}`}`;
  };
}
