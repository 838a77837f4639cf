import type { IdleConnectionsResult } from './idle-connections.js';

/** The section's table: one row per listener, `label` after the first column's name. */
export function formatIdleConnections(results: readonly IdleConnectionsResult[], label = ''): string[] {
  const fmt = (value: number, digits = 0) =>
    Number.isNaN(value) ? '—' : value.toLocaleString('en-US', { maximumFractionDigits: digits });
  return [
    `| listener${label} | offered (held open) | RSS before → peak → 10 s after | descriptors before → peak → after | all closed within | still the writer, publishing after | a job's push meanwhile |`,
    '|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.listener} (ulimit -n ${r.fdLimit}) | ${fmt(r.offered)} (${fmt(r.heldOpen)}) | ${fmt(r.rssBeforeMb)} → ${fmt(r.rssPeakMb)} → ${fmt(r.rssAfterMb)} MB | ${fmt(r.fdsBefore)} → ${fmt(r.fdsPeak)} → ${fmt(r.fdsAfter)} | ${r.closedWithinS === undefined ? 'not within 60 s' : `${fmt(r.closedWithinS, 1)} s`} | ${r.stillWriter && r.publishedDuring > 0 ? `${verdictOf(true)} (${r.publishedDuring} versions in 10 s)` : verdictOf(false)} | ${r.pushStatus} |`,
    ),
  ];
}

function verdictOf(met: boolean): string {
  return met ? 'met' : '**missed**';
}
