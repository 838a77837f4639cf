/**
 * The Node.js release lines this project supports, oldest first, with the day
 * each line's security support ends (the Node.js release schedule). Keep
 * package.json's `engines`, `.nvmrc`, the deploy recipes and `.ci/run` in step
 * with this list; a unit test holds them to it.
 */
export const SUPPORTED_NODE_LINES = [
  { major: 22, endOfLife: '2027-04-30' },
  { major: 24, endOfLife: '2028-04-30' },
  { major: 26, endOfLife: '2029-04-30' },
] as const;

/** The oldest supported major version: anything older is refused before a command starts. */
export const MINIMUM_NODE_MAJOR = SUPPORTED_NODE_LINES[0].major;

/**
 * The one-line refusal for a Node.js version older than the oldest supported
 * line (`version` as in `process.versions.node`, e.g. "20.20.2"), or
 * undefined when the version is new enough to run.
 */
export function describeUnsupportedNode(version: string): string | undefined {
  const major = Number.parseInt(version, 10);
  if (Number.isInteger(major) && major >= MINIMUM_NODE_MAJOR) return undefined;
  const lines = SUPPORTED_NODE_LINES.map(({ major: line }) => line).join(', ');
  return `service-directory needs Node.js ${MINIMUM_NODE_MAJOR} or newer (supported: ${lines}); this is Node.js ${version}`;
}
