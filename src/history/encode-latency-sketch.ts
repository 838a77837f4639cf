import { createLatencySketch, type LatencySketch } from './latency-sketch.js';

/** The first byte of every stored sketch: the format, so that a later one can be told apart. */
const FORMAT_V1 = 1;

/**
 * Packs a sketch into the bytes the history stores, as unsigned LEB128
 * varints: the format byte, the count of zero latencies, the number of runs
 * of adjacent non-empty bins, then per run the gap from the previous run's
 * last key (the first run: its zigzag key), its length, and its bins' counts.
 * DDSketch's own protobuf form writes every bin between the lowest and the
 * highest as an 8-byte double (up to 5 KB a day); this writes the bins that
 * hold checks, about a byte each for a day's: a day of checks every 30 s
 * spread over a factor of 20 is about 150 bytes. Whole ms from 1 to 65,535
 * (the longest latency the raw cycles keep) fall into at most 410 bins at
 * 1 %, so a sketch stays under 1.5 KB while no bin holds 2 million checks
 * (three bytes a count): within 2 KB a component-day.
 */
export function encodeLatencySketch(sketch: LatencySketch): Buffer {
  const { bins, offset } = sketch.store;
  const runs: { firstKey: number; counts: number[] }[] = [];
  let current: { firstKey: number; counts: number[] } | undefined;
  for (let index = 0; index < bins.length; index += 1) {
    const count = Math.round(bins[index] ?? 0);
    if (count <= 0) {
      current = undefined;
      continue;
    }
    if (current === undefined) {
      current = { firstKey: index + offset, counts: [] };
      runs.push(current);
    }
    current.counts.push(count);
  }
  const bytes: number[] = [FORMAT_V1];
  writeVarint(bytes, Math.round(sketch.zeroCount));
  writeVarint(bytes, runs.length);
  let lastKey: number | undefined;
  for (const run of runs) {
    writeVarint(bytes, lastKey === undefined ? zigzag(run.firstKey) : run.firstKey - lastKey);
    writeVarint(bytes, run.counts.length);
    for (const count of run.counts) writeVarint(bytes, count);
    lastKey = run.firstKey + run.counts.length - 1;
  }
  return Buffer.from(bytes);
}

/** Unpacks what `encodeLatencySketch` wrote; throws `RangeError` on bytes that are not such a sketch. */
export function decodeLatencySketch(buffer: Uint8Array): LatencySketch {
  const format = buffer[0];
  if (format !== FORMAT_V1) throw new RangeError(`history latency sketch: unknown format ${format ?? 'none'}`);
  const reader = { bytes: buffer, offset: 1 };
  const sketch = createLatencySketch();
  const zeroCount = readVarint(reader);
  const runCount = readVarint(reader);
  let lastKey: number | undefined;
  for (let run = 0; run < runCount; run += 1) {
    const step = readVarint(reader);
    if (lastKey !== undefined && step < 2) throw new RangeError('history latency sketch: runs that touch');
    const firstKey = lastKey === undefined ? unzigzag(step) : lastKey + step;
    const length = readVarint(reader);
    if (length === 0) throw new RangeError('history latency sketch: an empty run');
    for (let index = 0; index < length; index += 1) {
      const count = readVarint(reader);
      if (count === 0) throw new RangeError('history latency sketch: an empty bin');
      sketch.store.add(firstKey + index, count);
    }
    lastKey = firstKey + length - 1;
  }
  if (reader.offset !== buffer.length) throw new RangeError('history latency sketch: bytes after the last bin');
  sketch.zeroCount = zeroCount;
  sketch.count = zeroCount + sketch.store.count;
  return sketch;
}

function zigzag(value: number): number {
  return value >= 0 ? value * 2 : -value * 2 - 1;
}

function unzigzag(value: number): number {
  return value % 2 === 0 ? value / 2 : -(value + 1) / 2;
}

function writeVarint(bytes: number[], value: number): void {
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  bytes.push(rest);
}

function readVarint(reader: { bytes: Uint8Array; offset: number }): number {
  let value = 0;
  let scale = 1;
  for (let shift = 0; shift < 8; shift += 1) {
    const byte = reader.bytes[reader.offset];
    if (byte === undefined) throw new RangeError('history latency sketch: truncated');
    reader.offset += 1;
    value += (byte & 0x7f) * scale;
    if (byte < 0x80) return value;
    scale *= 0x80;
  }
  throw new RangeError('history latency sketch: a number longer than 8 bytes');
}
