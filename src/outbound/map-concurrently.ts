/**
 * Maps `items` through `task` with at most `limit` tasks in flight, keeping
 * the results in the order of the items. `task` must not reject.
 */
export async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  // One iterator shared by every worker: each takes the next item when it is free.
  const queue = items.entries();
  async function work(): Promise<void> {
    for (const [index, item] of queue) results[index] = await task(item, index);
  }
  const workers = Math.min(Math.max(1, limit), items.length);
  await Promise.all(Array.from({ length: workers }, work));
  return results;
}
