// Preloaded (`--import`) into the soak's children by bench/sections/memory-soak.ts:
// every second, appends one JSON line to the file named by HEAP_SPACES_FILE with
// where the process's memory is, as V8 and the kernel see it: each heap space's
// size (pages V8 holds) and use, external memory, and /proc/self/smaps_rollup's
// anonymous and file-backed resident memory. Plain JavaScript: it runs before the CLI.
import { appendFileSync, readFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';

const file = process.env.HEAP_SPACES_FILE;
if (file) {
  const kb = (rollup, field) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? Number.NaN) * 1024;
  setInterval(() => {
    const rollup = readFileSync('/proc/self/smaps_rollup', 'utf8');
    const { heapTotal, heapUsed, external } = process.memoryUsage();
    const spaces = Object.fromEntries(
      getHeapSpaceStatistics().map((space) => [
        space.space_name,
        { size: space.space_size, used: space.space_used_size },
      ]),
    );
    const anon = kb(rollup, 'Anonymous');
    const sample = {
      rss: kb(rollup, 'Rss'),
      anon,
      file: kb(rollup, 'Rss') - anon,
      heapTotal,
      heapUsed,
      external,
      spaces,
    };
    appendFileSync(file, `${JSON.stringify(sample)}\n`);
  }, 1_000).unref();
}
