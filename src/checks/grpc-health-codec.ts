/**
 * The two messages of `grpc.health.v1.Health/Check` in protobuf's wire
 * format, by hand: `HealthCheckRequest { string service = 1; }` and
 * `HealthCheckResponse { ServingStatus status = 1; }`. Two fields do not
 * need a .proto compiler.
 */

/** `ServingStatus` by number, as the health service's proto names them. */
export const SERVING_STATUSES: Readonly<Record<number, string>> = {
  0: 'UNKNOWN',
  1: 'SERVING',
  2: 'NOT_SERVING',
  3: 'SERVICE_UNKNOWN',
};

/** Field 1, wire type 2 (length-delimited); field 1, wire type 0 (varint). */
const SERVICE_TAG = 0x0a;
const STATUS_TAG = 0x08;

/** A `HealthCheckRequest` for `service` (`''`: the server as a whole, sent as the empty message). */
export function encodeHealthRequest(service: string): Buffer {
  const name = Buffer.from(service, 'utf8');
  if (name.length === 0) return Buffer.alloc(0);
  return Buffer.concat([Buffer.from([SERVICE_TAG]), encodeVarint(name.length), name]);
}

/**
 * The `status` of a `HealthCheckResponse`: the number of its last field 1
 * (0, `UNKNOWN`, when absent, as proto3 defaults it), other fields skipped.
 * Throws on bytes that are not a protobuf message.
 */
export function decodeHealthResponse(bytes: Uint8Array): number {
  let status = 0;
  let at = 0;
  while (at < bytes.length) {
    const key = readVarint(bytes, at);
    at = key.next;
    const wireType = key.value & 0x7;
    if (key.value === STATUS_TAG) {
      const value = readVarint(bytes, at);
      status = value.value;
      at = value.next;
    } else if (wireType === 0) {
      at = readVarint(bytes, at).next;
    } else if (wireType === 2) {
      const length = readVarint(bytes, at);
      at = length.next + length.value;
    } else if (wireType === 1 || wireType === 5) {
      at += wireType === 1 ? 8 : 4;
    } else {
      throw new Error(`not a HealthCheckResponse: wire type ${wireType}`);
    }
  }
  if (at > bytes.length) throw new Error('not a HealthCheckResponse: a field runs past the end');
  return status;
}

function encodeVarint(value: number): Buffer {
  const bytes: number[] = [];
  let rest = value;
  while (rest > 0x7f) {
    bytes.push((rest & 0x7f) | 0x80);
    rest >>>= 7;
  }
  bytes.push(rest);
  return Buffer.from(bytes);
}

/** A varint of up to 32 bits (what these two messages carry) at `at`; throws past the end or when longer. */
function readVarint(bytes: Uint8Array, at: number): { value: number; next: number } {
  let value = 0;
  for (let shift = 0, index = at; shift < 35; shift += 7, index += 1) {
    const byte = bytes[index];
    if (byte === undefined) throw new Error('not a HealthCheckResponse: a varint runs past the end');
    value += (byte & 0x7f) * 2 ** shift;
    if (value >= 2 ** 32) break;
    if ((byte & 0x80) === 0) return { value, next: index + 1 };
  }
  throw new Error('not a HealthCheckResponse: a varint longer than 32 bits');
}
