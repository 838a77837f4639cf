import { existsSync } from 'node:fs';
import { identifyFile } from '../io/identify-file.js';
import { readDocument } from '../io/read-document.js';
import { type ComponentsConfig, ComponentsConfigSchema } from '../schemas/components-config.js';

/**
 * The components file as a process read it once, at start: what each of its
 * parts is handed (the settings, the subscriptions, the push listener's
 * targets, the notices' first read) instead of opening the file again.
 */
export interface LoadedConfig {
  readonly file: string;
  readonly config: ComponentsConfig;
  /**
   * The file's version as it was read (`identifyFile`), taken before the
   * read: a part that watches the file reads it again once this changes.
   */
  readonly identity: string;
}

/** Reads and validates `file` (`data/components.json`) once. Throws `InputError` naming the file, path and reason. */
export async function loadComponentsConfig(file: string): Promise<LoadedConfig> {
  const identity = await identifyFile(file);
  return { file, config: await readDocument(file, ComponentsConfigSchema), identity };
}

/**
 * The components file beside a server, when there is one (a server deployed
 * without a probe config has none), read once for all its parts. One that
 * exists but is invalid throws `InputError`, as it would for the probe.
 */
export async function loadOptionalComponentsConfig(file: string): Promise<ComponentsConfig | undefined> {
  return existsSync(file) ? await readDocument(file, ComponentsConfigSchema) : undefined;
}
