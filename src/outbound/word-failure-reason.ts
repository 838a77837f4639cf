/**
 * What a probe's failure reason says where its class alone would put it in
 * HTTP words (`classifyFailure` files a missed heartbeat under `timeout`, a
 * DNS answer's records under `body`, an upstream outage under `status`), so
 * that each kind's failure can be worded as what failed: a missed or failed
 * heartbeat (with the job's own words), a DNS answer code or records, a gRPC
 * health answer, an upstream provider's reported state or unreadable page.
 * Undefined for a reason the class's words already say (`timeout`,
 * `unexpected status 503`, `body …`). Pure, one function importing nothing:
 * the status page runs this very function (`renderPageRulesModule`), so
 * the reasons' first words are read in one place.
 */
export function wordFailureReason(
  reason: string,
):
  | { readonly kind: 'heartbeat_missed' }
  | { readonly kind: 'heartbeat_failed'; readonly said: string }
  | { readonly kind: 'dns_rcode'; readonly rcode: string }
  | { readonly kind: 'dns_records' }
  | { readonly kind: 'grpc_health'; readonly answer: string }
  | { readonly kind: 'upstream_reports'; readonly state: string }
  | { readonly kind: 'upstream_unreadable' }
  | undefined {
  if (reason.startsWith('no heartbeat ')) return { kind: 'heartbeat_missed' };
  if (reason.startsWith('heartbeat failed')) {
    // `heartbeat failed: "make failed"`: the job's message, JSON-quoted (cut short with … when long).
    const quoted = reason.slice('heartbeat failed'.length).replace(/^: /, '');
    let said = quoted;
    try {
      said = JSON.parse(quoted);
    } catch {
      said = quoted.replace(/^"/, '').replace(/"?…?$/, '');
    }
    return { kind: 'heartbeat_failed', said: typeof said === 'string' ? said : '' };
  }
  if (reason.startsWith('rcode '))
    return { kind: 'dns_rcode', rcode: reason.slice('rcode '.length).split(',')[0] ?? '' };
  if (reason.startsWith('answer ')) return { kind: 'dns_records' };
  if (reason.startsWith('health ')) {
    return { kind: 'grpc_health', answer: reason.slice('health '.length).split(/[:\s]/)[0] ?? '' };
  }
  if (reason.startsWith('upstream reports ')) {
    return { kind: 'upstream_reports', state: reason.slice('upstream reports '.length).split(' ')[0] ?? '' };
  }
  if (reason.startsWith('upstream ')) return { kind: 'upstream_unreadable' };
  return undefined;
}
