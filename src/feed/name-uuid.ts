import { createHash } from 'node:crypto';

/** The namespace of every name-based UUID this project makes (RFC 9562 §5.5), fixed once. */
const SERVICE_DIRECTORY_NAMESPACE = Buffer.from('6f1c4a3e9b2d4f7a8c5e0d1b2a3c4d5e', 'hex');

/**
 * A `urn:uuid:` IRI derived from `name` (a version 5 UUID): the same name
 * always gives the same IRI, with no clock, host or base URL involved, which
 * is what an Atom id needs to stay stable across renders and deployments.
 */
export function nameToUrnUuid(name: string): string {
  const bytes = createHash('sha1').update(SERVICE_DIRECTORY_NAMESPACE).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
