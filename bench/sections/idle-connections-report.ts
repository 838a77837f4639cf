import { CLI } from '../process-tools.js';
import { type IdleConnectionsResult, type ListenerKind, measureIdleConnections } from './idle-connections.js';

/** The sidecar's descriptor limit in this section: below the connections offered, as a small host's default is. */
const FD_LIMIT = 8_192;

const verdict = (met: boolean) => (met ? 'met' : '**missed**');
const fmt = (value: number, digits = 0) =>
  Number.isNaN(value) ? '—' : value.toLocaleString('en-US', { maximumFractionDigits: digits });

/**
 * Section 9: the sidecar's push listener (plain and HTTPS) and metrics
 * listener under 10,000 idle connections (2,000 when `quick`), the sidecar
 * publishing every second under `ulimit -n 8192`; the compiled CLI at `cli`.
 */
export async function reportIdleConnections(
  quick: boolean,
  out: (line?: string) => void,
  cli: string = CLI,
): Promise<IdleConnectionsResult[]> {
  const connections = quick ? 2_000 : 10_000;
  const results: IdleConnectionsResult[] = [];
  for (const listener of ['push', 'push-tls', 'metrics'] as ListenerKind[]) {
    results.push(await measureIdleConnections(listener, { connections, fdLimit: FD_LIMIT, cli }));
  }
  out();
  out("## 9. The sidecar's listeners under idle connections");
  out();
  out(
    `${fmt(connections)} connections opened to one listener, 25 from each of ${fmt(connections / 25)} loopback addresses, and left idle (over TLS, each one's handshake done), while the sidecar publishes every second under \`ulimit -n ${FD_LIMIT}\`; memory and descriptors of the sidecar from /proc, sampled every 100 ms. Targets: every connection closed within 10 s, descriptors held under 1,024, and the sidecar still the writer, publishing, and taking a job's push meanwhile.`,
  );
  out();
  out(
    '| listener | open on the client once offered | RSS before → peak → 10 s after | descriptors before → peak → after | all closed within | still the writer, publishing | a push meanwhile | target |',
  );
  out('|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const writer = r.stillWriter && r.publishedDuring > 0;
    const met =
      writer && r.pushStatus === 204 && r.fdsPeak < 1_024 && (r.closedWithinS ?? Number.POSITIVE_INFINITY) <= 10;
    out(
      `| ${r.listener} | ${fmt(r.heldOpen)} of ${fmt(r.offered)} | ${fmt(r.rssBeforeMb)} → ${fmt(r.rssPeakMb)} → ${fmt(r.rssAfterMb)} MB | ${fmt(r.fdsBefore)} → ${fmt(r.fdsPeak)} → ${fmt(r.fdsAfter)} | ${r.closedWithinS === undefined ? 'not within 60 s' : `${fmt(r.closedWithinS, 1)} s`} | ${writer ? `yes, ${r.publishedDuring} versions in 10 s` : `no${r.exitLine === undefined ? '' : `: \`${r.exitLine}\``}`} | ${r.pushStatus} | ${verdict(met)} |`,
    );
  }
  return results;
}
