import type { BenchSite } from '../fixtures.js';
import { MEASURED_KINDS, measureCheckKinds, whyNotMeasurable } from './check-kinds.js';

const fmt = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/**
 * Section 3's "Cost per check of each kind": 100 components of each kind
 * (`quick`: one round of about 200 checks), against blackbox_exporter's
 * module of that kind. Prints a line saying why when a tool is missing.
 */
export async function reportCheckKinds(site: BenchSite, quick: boolean, out: (line?: string) => void): Promise<void> {
  out();
  out('### Cost per check of each kind');
  out();
  const why = whyNotMeasurable();
  if (why !== undefined) {
    out(`Skipped: ${why}.`);
    return;
  }
  const checksPerBatch = quick ? 200 : 1_000;
  const rounds = quick ? 1 : 5;
  const rows = await measureCheckKinds(site, 100, rounds, checksPerBatch);
  out(
    `100 components of each kind (${MEASURED_KINDS.join(', ')}), each kind in its own process running \`runCycle\` alone (the kind's prober and the cycle's decisions, nothing written), driven a batch of about ${checksPerBatch} checks at a time, each cycle 30 s after the last on its clock, against blackbox_exporter's module of that kind (\`http\`, \`tcp\`, \`dns\`: an A question, \`grpc\`: the health service) probing the same targets at the same concurrency: one nginx, one dnsmasq, one gRPC server with grpc-health-check. An upstream component reads a page of its own on a loopback server every cycle (the worst case: at the default a page is read once a minute however many read it); a heartbeat reads its record in the state directory. CPU of each prober's process from /proc/PID/stat; ${rounds} rounds alternating which goes first, medians.`,
  );
  out();
  out('| kind | cycles a batch | ours: CPU a check | blackbox | ours / blackbox | ours: wall a cycle | blackbox |');
  out('|---|---|---|---|---|---|---|');
  for (const { kind, cycles, ours, blackbox } of rows) {
    const cells = [
      kind,
      String(cycles),
      `${fmt(ours.cpuPerCheckMs, 3)} ms`,
      blackbox === undefined ? 'no module' : `${fmt(blackbox.cpuPerCheckMs, 3)} ms`,
      blackbox === undefined ? '' : `${fmt(ours.cpuPerCheckMs / blackbox.cpuPerCheckMs, 2)}×`,
      `${fmt(ours.wallPerCycleMs)} ms`,
      blackbox === undefined ? '' : `${fmt(blackbox.wallPerCycleMs)} ms`,
    ];
    out(`| ${cells.join(' | ')} |`);
  }
}
