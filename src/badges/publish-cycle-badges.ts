import { readOptionalDocument } from '../io/read-optional-document.js';
import type { ServiceStatus } from '../schemas/service-status.js';
import { UptimeDocumentSchema } from '../schemas/uptime.js';
import type { BadgePublisher } from './publish-badges.js';
import { renderBadges } from './render-badges.js';

export interface CycleBadgesInput {
  readonly publish: BadgePublisher;
  /** The status just published. */
  readonly status: ServiceStatus;
  /** The uptime document the history just wrote, if the probe keeps one. */
  readonly uptimeFile: string | undefined;
  /** Each component's group, from the config. */
  readonly groups: ReadonlyMap<string, string>;
}

/**
 * The badges of a published cycle: the status as published, the 30-day
 * uptime as the history document has it just after the cycle was recorded.
 * Throws on a failed read or write; the prober logs it and goes on.
 */
export async function publishCycleBadges({ publish, status, uptimeFile, groups }: CycleBadgesInput): Promise<void> {
  const uptime = uptimeFile === undefined ? undefined : await readOptionalDocument(uptimeFile, UptimeDocumentSchema);
  await publish(renderBadges(status, uptime, groups));
}
