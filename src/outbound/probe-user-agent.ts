/** Sent with every check and peer fetch, so component owners can tell probes from users in their logs. */
export const PROBE_USER_AGENT = 'service-directory-probe/1';
