/**
 * `pending`'s value, or 'late' if it takes longer than `ms`; a rejection
 * within the time is passed on. The timer is cleared either way, so nothing
 * outlives the answer.
 */
export async function waitAtMost<T>(pending: Promise<T>, ms: number): Promise<T | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  try {
    return await Promise.race([pending, late]);
  } finally {
    clearTimeout(timer);
  }
}
