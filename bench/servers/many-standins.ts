/**
 * N healthy stand-in components in one process, for the probe-cycle bench,
 * so they do not share an event loop with the probe being measured. Prints
 * `listening on <json list of origins>` once all are up.
 * Usage: many-standins.ts COUNT
 */
import { startStandin } from '../../src/standins/start-standin.js';

const count = Number(process.argv[2]);
if (!Number.isInteger(count) || count < 1) throw new Error('usage: many-standins.ts COUNT');
const origins: string[] = [];
for (let index = 0; index < count; index += 1) {
  const standin = await startStandin({ name: `Component ${index}`, port: 0 });
  origins.push(standin.origin);
}
console.log(`listening on ${JSON.stringify(origins)}`);
