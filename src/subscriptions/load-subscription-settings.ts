import { displayPath } from '../io/display-path.js';
import { readDocument } from '../io/read-document.js';
import { type ComponentsConfig, ComponentsConfigSchema } from '../schemas/components-config.js';
import { statuspageSettingsOf } from '../statuspage/statuspage-settings.js';
import { resolveWebhookTargets } from '../webhooks/webhook-target.js';
import type { SubscriptionSettings } from './subscription-settings.js';

/**
 * Reads `public_url`, `webhooks` and what the Statuspage documents need from the components config and each
 * webhook's secret from the environment. Throws `InputError` naming the
 * file or variable, the path and the reason; never a secret.
 */
export async function loadSubscriptionSettings(
  configFile: string,
  env: NodeJS.ProcessEnv = process.env,
  /** `configFile` as the process read it already; read here unless given. */
  read?: ComponentsConfig,
): Promise<SubscriptionSettings> {
  const config = read ?? (await readDocument(configFile, ComponentsConfigSchema));
  return {
    publicUrl: config.public_url,
    webhooks: resolveWebhookTargets(config.webhooks, env, displayPath(configFile), config.public_url),
    statuspage: statuspageSettingsOf(config),
    maintenanceUpcomingMs: config.maintenance_upcoming_minutes * 60_000,
  };
}
