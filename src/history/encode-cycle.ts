import { FAILURE_CLASSES } from '../schemas/failure-class.js';
import { STATUS_VALUES } from '../schemas/status-value.js';
import type { CheckRecord, ComponentRecord } from './cycle-record.js';

/** A component's record as stored: by its id in the store rather than its name. */
export interface StoredComponent extends Omit<ComponentRecord, 'name' | 'regions' | 'notice'> {
  readonly componentId: number;
}

/** Latencies are stored in 16 bits; no check may last longer than a minute, so this cap is never reached in practice. */
const LATENCY_MAX_MS = 0xffff;
const COMPONENT_HEADER_BYTES = 7;
const CHECK_BYTES = 5;

/**
 * Packs a cycle's components into one compact blob, a row per cycle rather
 * than a row per check: at 1,000 components every 30 seconds, 48 hours of
 * raw checks are 5.8 million of them, which as rows would not fit the
 * size budget. Per component: id (u32), observed and published state
 * (a nibble each), the number of checks (u16); per check: outcome (0 for
 * success, else 1 + the failure class's index), HTTP status (u16, 0 for
 * none), latency in ms (u16, capped).
 */
export function encodeCycle(components: readonly StoredComponent[]): Buffer {
  let size = 0;
  for (const component of components) size += COMPONENT_HEADER_BYTES + CHECK_BYTES * component.checks.length;
  const buffer = Buffer.alloc(size);
  let offset = 0;
  for (const component of components) {
    buffer.writeUInt32LE(component.componentId, offset);
    buffer.writeUInt8(
      (STATUS_VALUES.indexOf(component.observed) << 4) | STATUS_VALUES.indexOf(component.published),
      offset + 4,
    );
    buffer.writeUInt16LE(component.checks.length, offset + 5);
    offset += COMPONENT_HEADER_BYTES;
    for (const check of component.checks) {
      buffer.writeUInt8(check.failureClass === null ? 0 : FAILURE_CLASSES.indexOf(check.failureClass) + 1, offset);
      buffer.writeUInt16LE(check.httpStatus ?? 0, offset + 1);
      buffer.writeUInt16LE(Math.min(LATENCY_MAX_MS, check.latencyMs), offset + 3);
      offset += CHECK_BYTES;
    }
  }
  return buffer;
}

/** Unpacks a blob written by `encodeCycle`; throws `RangeError` on a truncated or garbled one. */
export function decodeCycle(buffer: Uint8Array): StoredComponent[] {
  const bytes = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  const components: StoredComponent[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const componentId = bytes.readUInt32LE(offset);
    const states = bytes.readUInt8(offset + 4);
    const count = bytes.readUInt16LE(offset + 5);
    offset += COMPONENT_HEADER_BYTES;
    const checks: CheckRecord[] = [];
    for (let index = 0; index < count; index += 1) {
      const outcome = bytes.readUInt8(offset);
      const httpStatus = bytes.readUInt16LE(offset + 1);
      checks.push({
        ok: outcome === 0,
        failureClass: outcome === 0 ? null : pick(FAILURE_CLASSES, outcome - 1, 'failure class'),
        httpStatus: httpStatus === 0 ? null : httpStatus,
        latencyMs: bytes.readUInt16LE(offset + 3),
      });
      offset += CHECK_BYTES;
    }
    components.push({
      componentId,
      observed: pick(STATUS_VALUES, states >> 4, 'state'),
      published: pick(STATUS_VALUES, states & 0x0f, 'state'),
      checks,
    });
  }
  return components;
}

function pick<T>(list: readonly T[], index: number, what: string): T {
  const value = list[index];
  if (value === undefined) throw new RangeError(`history cycle blob: ${what} ${index} is out of range`);
  return value;
}
