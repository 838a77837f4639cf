import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { documentFile, REGIONS_PATH } from '../api-paths.js';
import { readDocument } from '../io/read-document.js';
import { writeAtomically } from '../io/write-atomically.js';
import { RegionsFileSchema } from '../schemas/region.js';
import { renderRegions } from './render-regions.js';

export interface BuildOptions {
  /** The regions source, `data/regions.json`. */
  readonly regionsFile: string;
  /** The directory that is served, `public`. */
  readonly publicDir: string;
}

export interface BuildResult {
  readonly regionsFile: string;
  readonly regionCount: number;
  readonly bytes: number;
}

/**
 * Validates the regions data and publishes the regions document. Everything is
 * validated before anything is written, so bad data leaves `public/` as it was.
 */
export async function buildSite({ regionsFile, publicDir }: BuildOptions): Promise<BuildResult> {
  const regions = await readDocument(regionsFile, RegionsFileSchema);
  const body = renderRegions(regions);
  const target = documentFile(publicDir, REGIONS_PATH);
  await mkdir(dirname(target), { recursive: true });
  await writeAtomically(target, body);
  return { regionsFile: target, regionCount: regions.length, bytes: Buffer.byteLength(body) };
}
