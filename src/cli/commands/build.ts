import { resolve } from 'node:path';
import { buildSite } from '../../build/build-site.js';
import { parseOptions } from '../parse-options.js';

export const BUILD_USAGE = `Usage: service-directory build [--data FILE] [--headers FILE] [--public DIR]

Validates the regions data and the header rules, then writes DIR/api/v1/regions,
DIR/api/v1/openapi.json and DIR/api/v1/schemas/*.json.

  --data FILE     the regions source (default: data/regions.json)
  --headers FILE  the response header rules (default: headers.json)
  --public DIR    the directory that is served (default: public)`;

export async function build(args: string[]): Promise<void> {
  const parsed = parseOptions(
    args,
    {
      data: { type: 'string', default: 'data/regions.json' },
      headers: { type: 'string', default: 'headers.json' },
      public: { type: 'string', default: 'public' },
    },
    BUILD_USAGE,
  );
  if (!parsed) return;
  const result = await buildSite({
    regionsFile: resolve(String(parsed.values.data)),
    headersFile: resolve(String(parsed.values.headers)),
    publicDir: resolve(String(parsed.values.public)),
  });
  console.log(`build: wrote ${result.regionCount} regions (${result.bytes} bytes) to ${result.regionsFile}`);
  for (const file of result.files) {
    if (file !== result.regionsFile) console.log(`build: wrote ${file}`);
  }
}
