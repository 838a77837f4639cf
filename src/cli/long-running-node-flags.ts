/**
 * Node's options the shipped recipes start the long-running processes with
 * (`serve`, the probe sidecar, `npm start`), and `probe --once`, whose one
 * cycle at thousands of components allocates gigabytes within seconds:
 * `package.json`'s scripts, the Dockerfile, the crontab, the systemd units
 * and the Kubernetes manifests, each checked against this list by its test,
 * and the bench's children run the same.
 *
 * `--max-semi-space-size=1` caps V8's young generation at 1 MB a semi-space.
 * Left alone, Node 24 grows it to 64 MB a semi-space (Node 22: 16, Node 26:
 * 32) under a steady allocation rate, such as a server answering requests or a
 * sidecar rendering documents every few seconds, and keeps those pages
 * resident: tens of megabytes of RSS that neither the heap in use nor
 * external memory shows. The price is more frequent minor collections, which
 * the throughput section of `npm run bench` measures side by side (see
 * docs/benchmarks.md). V8 reads it when the process starts, so it must be on
 * the command line or in `NODE_OPTIONS`; `v8.setFlagsFromString` is too late.
 *
 * `--v8-pool-size=1` gives V8 one background thread rather than four. Each
 * thread that helps a garbage collection allocates its work lists from a C
 * allocator arena of its own, which keeps the freed pages: at a one-second
 * schedule the sidecar's private memory grew by about 5 MB at each full
 * collection, all of it in those arenas (12 minutes: 65 MB and +4.4 MB over
 * the second half with four threads, 55 MB and +1.1 MB with one; `npm run
 * bench`, private memory at a one-second schedule). A heap of a few tens of
 * megabytes is collected by one helper as fast.
 *
 * `--no-maglev` leaves out V8's mid-tier compiler: code runs interpreted or
 * baseline until it is hot enough for TurboFan. A few minutes into the
 * sidecar's life Maglev compiled one of its functions in a 16–20 MB zone
 * (V8's `peak_malloced_memory`), on the background thread; the C allocator
 * kept those pages in that thread's arena, and the main one grew by 6 MB
 * beside it: 20 MB of the sidecar's 69 MB, held for good. Without it the
 * largest zone stays under 3 MB (`npm run bench`, private memory at a
 * one-second schedule, and the throughput section for its price).
 *
 * One more measure for the same processes is taken inside them, since no
 * option on the command line does it without a price: ./memory-reducer-nudge.ts
 * keeps V8's memory reducer working on Node 24 and 26.
 */
export const LONG_RUNNING_NODE_FLAGS: readonly string[] = [
  '--max-semi-space-size=1',
  '--v8-pool-size=1',
  '--no-maglev',
];
