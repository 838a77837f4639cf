import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { REGIONS_PATH } from '../api-paths.js';
import { readDocument } from '../io/read-document.js';
import { writeAtomically } from '../io/write-atomically.js';
import { HeadersConfigSchema } from '../schemas/headers-config.js';
import { RegionsFileSchema } from '../schemas/region.js';
import { renderSite } from './render-site.js';

export interface BuildOptions {
  /** The regions source, `data/regions.json`. */
  readonly regionsFile: string;
  /** The response header rules, `headers.json` (default: `headers.json` in the working directory). */
  readonly headersFile?: string;
  /** The directory that is served, `public`. */
  readonly publicDir: string;
}

export interface BuildResult {
  /** Where the regions document was written. */
  readonly regionsFile: string;
  readonly regionCount: number;
  /** Size of the regions document. */
  readonly bytes: number;
  /** Every file written, absolute, in the order written. */
  readonly files: readonly string[];
}

/**
 * Validates the regions data and the header rules, then publishes the
 * regions document, the OpenAPI document and the JSON Schemas. Everything is
 * validated and rendered before anything is written, so bad input leaves
 * `public/` as it was; each file is replaced atomically.
 */
export async function buildSite({
  regionsFile,
  headersFile = resolve('headers.json'),
  publicDir,
}: BuildOptions): Promise<BuildResult> {
  const regions = await readDocument(regionsFile, RegionsFileSchema);
  const headersConfig = await readDocument(headersFile, HeadersConfigSchema);
  const published = renderSite(regions, headersConfig.headers);

  const files: string[] = [];
  for (const { path, contents } of published) {
    const target = join(publicDir, path);
    await mkdir(dirname(target), { recursive: true });
    await writeAtomically(target, contents);
    files.push(target);
  }
  const regionsDocument = published.find((file) => file.path === REGIONS_PATH)?.contents ?? '';
  return {
    regionsFile: join(publicDir, REGIONS_PATH),
    regionCount: regions.length,
    bytes: Buffer.byteLength(regionsDocument),
    files,
  };
}
