import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Debian's xmllint (libxml2-utils), which `.ci/run` installs. */
export const XMLLINT = 'xmllint';

/**
 * Reads `file` with libxml2's xmllint, no network: a document it cannot
 * parse as well-formed XML (with its namespaces) rejects with xmllint's own
 * error. Returns, for each XPath in `paths`, what xmllint prints for it (a
 * node set one node a line, escaped; a string or a number as is).
 */
export async function readWithXmllint(file: string, paths: readonly string[] = []): Promise<string[]> {
  await run(XMLLINT, ['--noout', '--nonet', file]);
  const answers: string[] = [];
  for (const path of paths) {
    const { stdout } = await run(XMLLINT, ['--nonet', '--xpath', path, file]).catch((error: unknown) => {
      // An XPath that selects nothing exits 10 ("XPath set is empty"): an empty answer, not a failure.
      if (error instanceof Error && 'code' in error && error.code === 10) return { stdout: '' };
      throw error;
    });
    answers.push(stdout.trim());
  }
  return answers;
}

/** An element of the Atom namespace by its local name, for xmllint's XPath (which cannot be told a default namespace). */
export function atom(name: string): string {
  return `*[local-name()='${name}' and namespace-uri()='http://www.w3.org/2005/Atom']`;
}
