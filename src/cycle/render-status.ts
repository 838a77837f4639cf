import { type Component, formatTimestamp, type ServiceStatus } from '../schemas/service-status.js';
import { worstStatus } from '../schemas/status-value.js';

export interface StatusInput {
  /** The human-readable region name, not its code. */
  readonly regionName: string;
  /** Published component states, in the order they are configured. */
  readonly components: readonly Component[];
  /** When the cycle finished. */
  readonly finishedAt: Date;
}

/** The `/api/v1/status` document: overall is the worst published component state. */
export function renderStatus({ regionName, components, finishedAt }: StatusInput): ServiceStatus {
  return {
    status: worstStatus(components.map((component) => component.status)),
    version: 'v1',
    region: regionName,
    components: components.map(({ name, status }) => ({ name, status })),
    updated_at: formatTimestamp(finishedAt),
  };
}

/** The document's bytes: fields in the spec's order, compact JSON, trailing newline. */
export function serializeStatus(status: ServiceStatus): string {
  const { status: overall, version, region, components, updated_at } = status;
  return `${JSON.stringify({ status: overall, version, region, components, updated_at })}\n`;
}
