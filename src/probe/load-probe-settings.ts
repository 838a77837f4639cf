import { z } from 'zod';
import { displayPath, readDocument } from '../io/read-document.js';
import { readEnv } from '../io/read-env.js';
import { ComponentsConfigSchema } from '../schemas/components-config.js';
import { RegionsFileSchema } from '../schemas/region.js';
import { type ProbeSettings, type RegionSource, resolveProbeSettings } from './probe-settings.js';

/** `REGION` overrides the config's region; an empty value counts as unset. */
const ProbeEnvSchema = z.object({
  REGION: z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
});

export interface LoadSettingsOptions {
  /** `data/components.json`. */
  readonly configFile: string;
  /** `data/regions.json`. */
  readonly regionsFile: string;
  /** `--region`, which wins over `REGION` and the config. */
  readonly regionFlag?: string | undefined;
  readonly env?: NodeJS.ProcessEnv;
}

/**
 * Reads and validates the components config and the regions file, and
 * resolves the region: `--region`, then `REGION`, then the config's.
 * Throws `InputError` naming the file (or flag, or variable), path and reason.
 */
export async function loadProbeSettings(options: LoadSettingsOptions): Promise<ProbeSettings> {
  const env = readEnv(ProbeEnvSchema, options.env);
  const config = await readDocument(options.configFile, ComponentsConfigSchema);
  const regions = await readDocument(options.regionsFile, RegionsFileSchema);
  let regionOverride: RegionSource | undefined;
  if (options.regionFlag !== undefined) regionOverride = { code: options.regionFlag, file: '--region', path: '' };
  else if (env.REGION !== undefined) regionOverride = { code: env.REGION, file: 'environment', path: 'REGION' };
  return resolveProbeSettings({
    config,
    configFile: displayPath(options.configFile),
    regions,
    regionsFile: displayPath(options.regionsFile),
    regionOverride,
  });
}
