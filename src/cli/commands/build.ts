import { resolve } from 'node:path';
import { buildSite } from '../../build/build-site.js';
import { parseOptions } from '../parse-options.js';

export const BUILD_USAGE = `Usage: service-directory build [--data FILE] [--public DIR]

Validates the regions data and writes DIR/api/v1/regions.

  --data FILE   the regions source (default: data/regions.json)
  --public DIR  the directory that is served (default: public)`;

export async function build(args: string[]): Promise<void> {
  const parsed = parseOptions(
    args,
    { data: { type: 'string', default: 'data/regions.json' }, public: { type: 'string', default: 'public' } },
    BUILD_USAGE,
  );
  if (!parsed) return;
  const result = await buildSite({
    regionsFile: resolve(String(parsed.values.data)),
    publicDir: resolve(String(parsed.values.public)),
  });
  console.log(`build: wrote ${result.regionCount} regions (${result.bytes} bytes) to ${result.regionsFile}`);
}
