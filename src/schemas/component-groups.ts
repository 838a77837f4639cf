/** Each component's group by the component's name, as `data/components.json` names them; a component without one is absent. */
export type ComponentGroups = ReadonlyMap<string, string>;

/** The groups of the components that name one. */
export function groupsOf(
  components: readonly { readonly name: string; readonly group?: string | undefined }[],
): ComponentGroups {
  return new Map(components.flatMap(({ name, group }) => (group === undefined ? [] : [[name, group] as const])));
}
