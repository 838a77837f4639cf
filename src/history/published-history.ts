import type { IncidentsDocument } from '../schemas/incidents.js';
import type { UptimeDocument } from '../schemas/uptime.js';

/**
 * The two history documents as the probe last wrote them, validated when
 * they were serialized: what the badges, the feed and the Statuspage
 * documents read in the same cycle, instead of reading the files back and
 * parsing megabytes of the probe's own JSON again.
 */
export interface PublishedHistory {
  readonly uptime: UptimeDocument;
  readonly incidents: IncidentsDocument;
}
