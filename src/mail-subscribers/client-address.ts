/**
 * The client a request is from, for the rate limits: the connection's
 * address, unless it is a proxy the config trusts, in which case the
 * address before the trusted proxies in `X-Forwarded-For` (read from the
 * right, so a client cannot name itself someone else). Pure.
 */
export function clientAddress(
  remote: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusted: ReadonlySet<string>,
): string {
  const direct = normalize(remote ?? 'unknown');
  if (!trusted.has(direct) || forwardedFor === undefined) return direct;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',')
    .map((hop) => normalize(hop.trim()))
    .filter((hop) => hop !== '');
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    const hop = hops[index] ?? '';
    if (!trusted.has(hop)) return hop;
  }
  return hops[0] ?? direct;
}

/** IPv4 seen through an IPv6 socket (`::ffff:1.2.3.4`) is the IPv4 address. */
function normalize(address: string): string {
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}
