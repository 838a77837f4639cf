import { readOptionalDocument } from '../io/read-optional-document.js';
import type { ServiceStatus } from '../schemas/service-status.js';
import { type UptimeDocument, UptimeDocumentSchema } from '../schemas/uptime.js';
import type { BadgePublisher } from './publish-badges.js';
import { renderBadges } from './render-badges.js';

export interface CycleBadgesInput {
  readonly publish: BadgePublisher;
  /** The status just published. */
  readonly status: ServiceStatus;
  /** The uptime document the history just wrote, if the probe keeps one. */
  readonly uptimeFile: string | undefined;
  /** That document as the history wrote it this run, when it did: then the file is not read back. */
  readonly uptime?: UptimeDocument | undefined;
  /** Each component's group, from the config. */
  readonly groups: ReadonlyMap<string, string>;
}

/**
 * The badges of a published cycle: the status as published, the 30-day
 * uptime as the history document has it just after the cycle was recorded.
 * Throws on a failed read or write; the prober logs it and goes on.
 */
export async function publishCycleBadges({ publish, status, uptimeFile, uptime: written, groups }: CycleBadgesInput) {
  const uptime =
    written ?? (uptimeFile === undefined ? undefined : await readOptionalDocument(uptimeFile, UptimeDocumentSchema));
  await publish(renderBadges(status, uptime, groups));
}
