import type { StatuspageSettings } from '../statuspage/statuspage-settings.js';
import type { WebhookTarget } from '../webhooks/webhook-target.js';

/** What the probe needs for the feed and the webhooks, from `data/components.json` and the environment. */
export interface SubscriptionSettings {
  /** `public_url`, for absolute links in the feed. */
  readonly publicUrl: string | undefined;
  readonly webhooks: readonly WebhookTarget[];
  /** How long before a maintenance window its `maintenance_upcoming` event is queued (`maintenance_upcoming_minutes`); 0 for none. */
  readonly maintenanceUpcomingMs?: number;
  /** What the Statuspage documents take from the config; left out, they are not written. */
  readonly statuspage?: StatuspageSettings;
}
