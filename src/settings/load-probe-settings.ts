import { z } from 'zod';
import { InputError } from '../errors/input-error.js';
import { displayPath } from '../io/display-path.js';
import { readDocument } from '../io/read-document.js';
import { readEnv } from '../io/read-env.js';
import { type ComponentsConfig, ComponentsConfigSchema } from '../schemas/components-config.js';
import { RegionsFileSchema } from '../schemas/region.js';
import { judgeRecurrences } from '../time/judge-recurrences.js';
import { nextCronRun, SEARCH_LIMIT_YEARS } from '../time/next-cron-run.js';
import { type ProbeSettings, type RegionSource, resolveProbeSettings } from './probe-settings.js';
import { readCaFiles } from './read-ca-files.js';

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
  readonly env?: NodeJS.ProcessEnv | undefined;
  /** `configFile` as the process read it already (`loadComponentsConfig`); read here unless given. */
  readonly config?: ComponentsConfig | undefined;
}

/**
 * A schedule node-cron accepts may still (almost) never run: `0 0 0 29 2 1`
 * runs only on a 29 February that is a Monday, next in 2044. The sidecar
 * would wait for it, so it is refused with the config's file and field.
 */
function refuseScheduleWithoutRun(schedule: string, configFile: string, now: Date): void {
  try {
    nextCronRun(schedule, now);
  } catch (error) {
    throw new InputError(
      configFile,
      [{ path: 'schedule', reason: `${JSON.stringify(schedule)} does not run within ${SEARCH_LIMIT_YEARS} years` }],
      { cause: error },
    );
  }
}

/**
 * Reads and validates the components config, the CA files it names and the
 * regions file, and resolves the region: `--region`, then `REGION`, then the config's.
 * Throws `InputError` naming the file (or flag, or variable), path and reason.
 */
export async function loadProbeSettings(options: LoadSettingsOptions): Promise<ProbeSettings> {
  const env = readEnv(ProbeEnvSchema, options.env);
  const config = options.config ?? (await readDocument(options.configFile, ComponentsConfigSchema));
  const now = new Date();
  refuseScheduleWithoutRun(config.schedule, displayPath(options.configFile), now);
  const recurrenceProblems = judgeRecurrences(config.maintenance, now);
  if (recurrenceProblems.length > 0) throw new InputError(displayPath(options.configFile), recurrenceProblems);
  const caFiles = await readCaFiles(config, options.configFile, displayPath(options.configFile));
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
    caFiles,
  });
}
