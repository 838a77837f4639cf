import type { ErrorBudget } from '../schemas/uptime-report.js';
import { roundPercent } from './compute-uptime.js';

const minutes = (ms: number) => Math.round(ms / 60) / 1000;

/** The budget of objective `sloPercent` for a period with `dataMs` of data, of which `downMs` down. */
export function computeErrorBudget(sloPercent: number, dataMs: number, downMs: number): ErrorBudget {
  const allowedMs = ((100 - sloPercent) / 100) * dataMs;
  return {
    slo_percent: sloPercent,
    allowed_minutes: minutes(allowedMs),
    spent_minutes: minutes(downMs),
    left_minutes: minutes(allowedMs - downMs),
    spent_percent: allowedMs > 0 ? roundPercent((100 * downMs) / allowedMs) : null,
  };
}
