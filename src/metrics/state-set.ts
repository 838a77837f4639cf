/** One sample of a gauge: its labels and its value. */
export interface Sample {
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

/**
 * A state set, as kube-state-metrics writes one: a sample per possible
 * state, 1 for the current one and 0 for every other, so that a query can
 * select a state (`== 1`) and a missing series always means missing data,
 * never "not in that state".
 */
export function stateSet(
  labels: Readonly<Record<string, string>>,
  label: string,
  current: string,
  states: readonly string[],
): Sample[] {
  return states.map((state) => ({ labels: { ...labels, [label]: state }, value: state === current ? 1 : 0 }));
}
