import { z } from 'zod';
import { ComponentSlugSchema, ComponentUptimeSchema, HistoryHeaderShape } from './uptime.js';

/**
 * The `/api/v1/component-history/{slug}.json` body: one component's uptime,
 * 90 days with minutes per state and 24 hours of latency, under the same
 * header as the uptime document. What `components[i]` of `/api/v1/uptime`
 * carried before it became a summary.
 */
export const ComponentHistoryDocumentSchema = z
  .strictObject({
    ...HistoryHeaderShape,
    name: ComponentUptimeSchema.shape.name,
    slug: ComponentSlugSchema,
    uptime: ComponentUptimeSchema.shape.uptime,
    days: ComponentUptimeSchema.shape.days,
    latency: ComponentUptimeSchema.shape.latency,
  })
  .meta({
    title: 'ComponentHistory',
    description: "One component's uptime, daily minutes per state and hourly latency, from the probe's history.",
  });
export type ComponentHistoryDocument = z.infer<typeof ComponentHistoryDocumentSchema>;
