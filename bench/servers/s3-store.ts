/**
 * s3rver (a real S3-compatible server) with one bucket, in its own process so
 * that the store's work does not share an event loop with the probe being
 * measured. Prints `listening on <endpoint>` and, on SIGUSR2, `puts <count>
 * <keys>`: every PUT so far, and the keys PUT since the last report.
 * Usage: s3-store.ts DIRECTORY BUCKET
 */
import type { EventEmitter } from 'node:events';
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
if (directory === undefined || bucket === undefined) throw new Error('usage: s3-store.ts DIRECTORY BUCKET');
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket, configs: [] }],
});
let puts = 0;
let keys = new Set<string>();
(server as unknown as EventEmitter).on(
  'event',
  (event: { Records: { eventName: string; s3: { object: { key: string } } }[] }) => {
    for (const record of event.Records) {
      if (record.eventName !== 'ObjectCreated:Put') continue;
      puts += 1;
      keys.add(record.s3.object.key);
    }
  },
);
const { port } = await server.run();
process.on('SIGUSR2', () => {
  console.log(`puts ${puts} ${JSON.stringify([...keys].sort())}`);
  keys = new Set();
});
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
console.log(`listening on http://127.0.0.1:${port}`);
