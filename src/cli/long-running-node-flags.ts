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
 */
export const LONG_RUNNING_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=1'];
