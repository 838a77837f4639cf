import { readOptionalDocument } from '../io/read-optional-document.js';
import { ComponentsConfigSchema } from '../schemas/components-config.js';

/**
 * Each component's uptime objective (`slo`) from the probe's config, by name;
 * none when the file does not exist. A config that exists but is invalid
 * throws `InputError`, naming the file, the field and the reason.
 */
export async function readComponentObjectives(configFile: string): Promise<Map<string, number>> {
  const config = await readOptionalDocument(configFile, ComponentsConfigSchema);
  return new Map(
    (config?.components ?? []).flatMap(({ name, slo }) => (slo === undefined ? [] : [[name, slo] as const])),
  );
}
