import { z } from 'zod';
import { LabelSchema } from './label.js';
import { type DeclaredState, DeclaredStateSchema } from './notice.js';

/** The state each `severity` label declares when the config names none: Alertmanager's usual three. */
export const DEFAULT_SEVERITY_STATES: Readonly<Record<string, DeclaredState>> = {
  critical: 'major_outage',
  warning: 'partial_outage',
  info: 'degraded_performance',
};

/** What an alert declares whose `severity` is missing or not in the table: something is wrong, not how badly. */
export const UNKNOWN_SEVERITY_STATE: DeclaredState = 'partial_outage';

/** The variable holding the alerts' bearer token when `token_env` is left out. */
export const DEFAULT_ALERTS_TOKEN_ENV = 'ALERTS_TOKEN';

/**
 * `alerts` in `data/components.json`: Alertmanager's and Grafana's webhooks
 * open, update and resolve incident notices (`probe --push-port`).
 * `token_env` names the variable holding the bearer token they send;
 * `severity_states` maps a `severity` label to the state its alerts declare,
 * over the defaults; `components` maps an `alertname` to the component its
 * alerts are about, for alerts without a `component` label.
 */
export const AlertsConfigSchema = z.strictObject(
  {
    token_env: z
      .string({ error: 'must be a string' })
      .regex(/^[A-Z_][A-Z0-9_]*$/, { error: 'must be an environment variable name like ALERTS_TOKEN' })
      .default(DEFAULT_ALERTS_TOKEN_ENV),
    severity_states: z
      .record(z.string().min(1, { error: 'a severity must not be empty' }), DeclaredStateSchema, {
        error: (issue) =>
          issue.code === 'invalid_type'
            ? 'must be an object of severities to states, like { "critical": "major_outage" }'
            : undefined,
      })
      .default({})
      .transform((given) => ({ ...DEFAULT_SEVERITY_STATES, ...given })),
    components: z
      .record(z.string().min(1, { error: 'an alert name must not be empty' }), LabelSchema, {
        error: (issue) =>
          issue.code === 'invalid_type'
            ? 'must be an object of alert names to component names, like { "RegistryDown": "Registry" }'
            : undefined,
      })
      .default({}),
  },
  {
    error: (issue) =>
      issue.code === 'invalid_type'
        ? 'must be an object like { "token_env": "ALERTS_TOKEN", "severity_states": { "critical": "major_outage" } }'
        : undefined,
  },
);
export type AlertsConfig = z.infer<typeof AlertsConfigSchema>;
