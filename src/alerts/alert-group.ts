import { createHash } from 'node:crypto';
import { z } from 'zod';
import { MAX_GROUP_KEY_CHARS } from '../schemas/notice.js';

/** The tools whose webhooks the receiver reads, each at `/alerts/{source}`. */
export const ALERT_SOURCES = ['alertmanager', 'grafana'] as const;
export type AlertSource = (typeof ALERT_SOURCES)[number];

const StringMapSchema = z.record(z.string(), z.string());

/** One alert as both tools send it (Grafana's extra fields are ignored). */
const AlertSchema = z.object({
  status: z.enum(['firing', 'resolved']),
  labels: StringMapSchema,
  annotations: StringMapSchema.default({}),
  startsAt: z.string().min(1).max(64),
  fingerprint: z.string().min(1).max(128).optional(),
});

/** The fields the two payloads share: Alertmanager's `webhook_configs` body, and Grafana's, which extends it. */
const GroupShape = {
  groupKey: z.string().min(1).max(MAX_GROUP_KEY_CHARS),
  status: z.enum(['firing', 'resolved']),
  alerts: z.array(AlertSchema),
  commonAnnotations: StringMapSchema.default({}),
};

/** Alertmanager's webhook payload, version 4 (the only one it has sent since 0.5). */
export const AlertmanagerPayloadSchema = z.object({ version: z.literal('4'), ...GroupShape });
/** Grafana alerting's webhook contact point payload (`version` "1"), with its `groupKey`. */
export const GrafanaPayloadSchema = z.object({ version: z.string().optional(), ...GroupShape });

/** One alert of a group, as the decision reads it. */
export interface GroupAlert {
  readonly firing: boolean;
  readonly labels: Readonly<Record<string, string>>;
  readonly annotations: Readonly<Record<string, string>>;
  /** `FINGERPRINT@STARTS_AT`: this alert, this time it fired. */
  readonly key: string;
}

/** One notification about one alert group, from either tool. */
export interface AlertGroup {
  readonly source: AlertSource;
  readonly groupKey: string;
  /** Every alert of the group the notification carries: those firing and those just resolved. */
  readonly alerts: readonly GroupAlert[];
  readonly commonAnnotations: Readonly<Record<string, string>>;
}

/** What either payload holds that the decision reads. */
export type AlertPayload = z.infer<typeof GrafanaPayloadSchema>;

/** The schema of each source's payload. */
export const PAYLOAD_SCHEMAS: Readonly<Record<AlertSource, z.ZodType<AlertPayload>>> = {
  alertmanager: AlertmanagerPayloadSchema,
  grafana: GrafanaPayloadSchema,
};

/**
 * A payload parsed by its source's schema, as an `AlertGroup`: an alert
 * without a `fingerprint` is given one from its labels, as Alertmanager
 * derives its own. Pure.
 */
export function toAlertGroup(source: AlertSource, payload: AlertPayload): AlertGroup {
  return {
    source,
    groupKey: payload.groupKey,
    commonAnnotations: payload.commonAnnotations,
    alerts: payload.alerts.map((alert) => ({
      firing: alert.status === 'firing',
      labels: alert.labels,
      annotations: alert.annotations,
      key: `${alert.fingerprint ?? fingerprintLabels(alert.labels)}@${alert.startsAt}`,
    })),
  };
}

function fingerprintLabels(labels: Readonly<Record<string, string>>): string {
  const sorted = Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex').slice(0, 16);
}
