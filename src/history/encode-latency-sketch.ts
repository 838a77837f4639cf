import { createLatencySketch, type LatencySketch } from './latency-sketch.js';

/** The first byte of every stored sketch: the format, so that a later one can be told apart. */
const FORMAT_V1 = 1;

/**
 * Packs a sketch into the bytes the history stores: the format byte, the
 * count of zero latencies, the number of non-empty bins, then per bin the
 * step from the previous bin's key (the first as a zigzag key) and its count,
 * all as unsigned LEB128 varints. DDSketch's own protobuf form writes every
 * bin between the lowest and the highest as an 8-byte double, up to 5 KB a
 * day; this writes only bins that hold checks, one to four bytes each. Whole
 * ms from 1 to 65,535 (the longest latency the raw cycles keep) fall into at
 * most 410 bins at 1 %, so a sketch is at most about 1.7 KB while no bin
 * holds 2 million checks (three bytes a count): within 2 KB a component-day.
 */
export function encodeLatencySketch(sketch: LatencySketch): Buffer {
  const bytes: number[] = [FORMAT_V1];
  writeVarint(bytes, Math.round(sketch.zeroCount));
  const { bins, offset } = sketch.store;
  const filled: number[] = [];
  for (let index = 0; index < bins.length; index += 1) if ((bins[index] ?? 0) > 0) filled.push(index);
  writeVarint(bytes, filled.length);
  let previousKey: number | undefined;
  for (const index of filled) {
    const key = index + offset;
    writeVarint(bytes, previousKey === undefined ? zigzag(key) : key - previousKey);
    writeVarint(bytes, Math.round(bins[index] ?? 0));
    previousKey = key;
  }
  return Buffer.from(bytes);
}

/** Unpacks what `encodeLatencySketch` wrote; throws `RangeError` on bytes that are not such a sketch. */
export function decodeLatencySketch(buffer: Uint8Array): LatencySketch {
  const reader = { bytes: buffer, offset: 0 };
  const format = buffer[0];
  if (format !== FORMAT_V1) throw new RangeError(`history latency sketch: unknown format ${format ?? 'none'}`);
  reader.offset = 1;
  const sketch = createLatencySketch();
  const zeroCount = readVarint(reader);
  const binCount = readVarint(reader);
  let key = 0;
  for (let bin = 0; bin < binCount; bin += 1) {
    const step = readVarint(reader);
    key = bin === 0 ? unzigzag(step) : key + step;
    const count = readVarint(reader);
    if (count === 0) throw new RangeError('history latency sketch: an empty bin');
    sketch.store.add(key, count);
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
