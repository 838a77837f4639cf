/**
 * The Node.js release lines this project supports, oldest first, with the day
 * each line's security support ends (the Node.js release schedule): the LTS
 * lines, each tested by `.ci/run`. Any other version is refused, the odd
 * lines too (Current releases that never become LTS and lose support six
 * months after they ship). Keep package.json's `engines` (which
 * scripts/check-node.mjs reads for the npm scripts), `.nvmrc`, the deploy
 * recipes and `.ci/run` in step with this list; a unit test holds them to it.
 */
export const SUPPORTED_NODE_LINES = [
  { major: 22, endOfLife: '2027-04-30' },
  { major: 24, endOfLife: '2028-04-30' },
  { major: 26, endOfLife: '2029-04-30' },
] as const;

/**
 * The one-line refusal for a Node.js version that is not one of the
 * supported lines (`version` as in `process.versions.node`, e.g. "20.20.2"),
 * or undefined when it is one. scripts/check-node.mjs words it the same.
 */
export function describeUnsupportedNode(version: string): string | undefined {
  const majors: readonly number[] = SUPPORTED_NODE_LINES.map(({ major }) => major);
  if (majors.includes(Number.parseInt(version, 10))) return undefined;
  const lines = `${majors.slice(0, -1).join(', ')} or ${majors.at(-1)}`;
  return `service-directory runs on Node.js ${lines}, the LTS lines it is tested on; this is Node.js ${version}: install Node.js 24 (nvm install reads it from .nvmrc) and run npm ci again`;
}
