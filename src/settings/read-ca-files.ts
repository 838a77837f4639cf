import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { isErrnoException } from '../errors/describe-error.js';
import { InputError, type Problem } from '../errors/input-error.js';
import { nameComponents } from '../schemas/component-paths.js';
import type { ComponentsConfig } from '../schemas/components-config.js';

const PEM_CERTIFICATE = '-----BEGIN CERTIFICATE-----';

/**
 * Reads every `ca_file` of the config once, at start-up: a path relative to
 * the config file's directory, or absolute. Returns the PEM text by the path
 * as written. Every file that is missing, unreadable or holds no PEM
 * certificate is reported at once, as an `InputError` naming the config
 * file (`shownFile`), the field and the file.
 */
export async function readCaFiles(
  config: ComponentsConfig,
  configFile: string,
  shownFile: string,
): Promise<Map<string, string>> {
  const fields: { path: string; file: string }[] = [];
  const nameComponent = nameComponents(config.components);
  config.components.forEach((component, index) => {
    const where = nameComponent(index);
    if (component.ca_file !== undefined) fields.push({ path: `${where}.ca_file`, file: component.ca_file });
    component.checks?.forEach((check, checkIndex) => {
      if (check.ca_file !== undefined)
        fields.push({ path: `${where}.checks[${checkIndex}].ca_file`, file: check.ca_file });
    });
  });
  const read = new Map<string, string>();
  const problems: Problem[] = [];
  for (const { path, file } of fields) {
    const absolute = resolve(dirname(configFile), file);
    try {
      const text = read.get(file) ?? (await readFile(absolute, 'utf8'));
      if (!text.includes(PEM_CERTIFICATE)) {
        problems.push({ path, reason: `${JSON.stringify(file)} holds no PEM certificate (${PEM_CERTIFICATE})` });
        continue;
      }
      read.set(file, text);
    } catch (error) {
      const why = isErrnoException(error) && error.code === 'ENOENT' ? 'file not found' : 'cannot be read';
      problems.push({ path, reason: `${JSON.stringify(file)}: ${why} (looked for ${absolute})` });
    }
  }
  if (problems.length > 0) throw new InputError(shownFile, problems);
  return read;
}
