/**
 * Files in the build output that configure a static host rather than being
 * content: hosts never serve them, so neither does the thin handler, and the
 * exports do not give them header rules.
 */
export const HOST_CONFIG_FILES: ReadonlySet<string> = new Set(['_headers', '_redirects']);
