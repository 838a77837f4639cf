import { relative, resolve, sep } from 'node:path';
import { choosePrecompress, PrecompressEnvSchema } from '../../compression/precompress-env.js';
import { readEnv } from '../../io/read-env.js';
import { buildSite } from '../../site/build-site.js';
import { type OptionSpec, parseOptions } from '../parse-options.js';
import { EXIT_NOT_UPLOADED } from './probe.js';

export const BUILD_USAGE = `Usage: service-directory build [--data FILE] [--headers FILE] [--public DIR] [--exports DIR]
                               [--notices FILE] [--components FILE] [--publish s3://BUCKET[/PREFIX]]
                               [--precompress]

Validates the regions data, the notices and the header rules, then writes
DIR/api/v1/regions, DIR/api/v1/notices, DIR/feed.atom, the feed of each component
and group (DIR/feeds/components/SLUG.atom, DIR/feeds/groups/SLUG.atom), the
maintenance calendars (DIR/feeds/maintenance.ics, DIR/feeds/components/SLUG.ics),
DIR/api/v1/openapi.json, DIR/api/v1/schemas/*.json and DIR/_headers, and the other
static hosts' header configurations to the exports directory.

  --data FILE     the regions source (default: data/regions.json)
  --notices FILE  the team's notices; missing means none (default: data/notices.json)
  --components FILE
                  the probe config: component names and groups, maintenance windows
                  and public_url for the notices and the feeds (default: data/components.json)
  --headers FILE  the response header rules (default: headers.json)
  --public DIR    the directory that is served (default: public)
  --exports DIR   where vercel.json, firebase.json, nginx-locations.conf and
                  s3-upload.sh go (default: dist-exports)
  --precompress  also write FILE.gz and FILE.br beside every file worth compressing
                  under DIR that the build writes, and the page's own files, for static
                  hosts that serve them (nginx gzip_static); without it such siblings
                  are removed (environment: PRECOMPRESS=1)
  --publish s3://BUCKET[/PREFIX]
                  then upload what the build wrote under DIR and the page's files to the
                  bucket, with the headers --headers gives them (AWS SDK credentials chain,
                  AWS_ENDPOINT_URL_S3 for S3-compatible stores); exit ${EXIT_NOT_UPLOADED} if that fails`;

/** The command's flags; the deploy-recipe tests check the recipes against them. */
export const BUILD_OPTIONS = {
  data: { type: 'string', default: 'data/regions.json' },
  notices: { type: 'string', default: 'data/notices.json' },
  components: { type: 'string', default: 'data/components.json' },
  headers: { type: 'string', default: 'headers.json' },
  public: { type: 'string', default: 'public' },
  exports: { type: 'string', default: 'dist-exports' },
  publish: { type: 'string' },
  precompress: { type: 'boolean', default: false },
} satisfies OptionSpec;

export async function build(args: string[]): Promise<void> {
  const parsed = parseOptions(args, BUILD_OPTIONS, BUILD_USAGE);
  if (!parsed) return;
  const publicDir = resolve(String(parsed.values.public));
  const result = await buildSite({
    regionsFile: resolve(String(parsed.values.data)),
    headersFile: resolve(String(parsed.values.headers)),
    noticesFile: resolve(String(parsed.values.notices)),
    componentsFile: resolve(String(parsed.values.components)),
    publicDir,
    exportsDir: resolve(String(parsed.values.exports)),
    hostPublicDir: relative(process.cwd(), publicDir).split(sep).join('/') || '.',
    publishTo: typeof parsed.values.publish === 'string' ? parsed.values.publish : undefined,
    precompress: choosePrecompress(parsed.values.precompress === true, readEnv(PrecompressEnvSchema)),
  });
  console.log(`build: wrote ${result.regionCount} regions (${result.bytes} bytes) to ${result.regionsFile}`);
  for (const file of result.files) {
    if (file !== result.regionsFile) console.log(`build: wrote ${file}`);
  }
  if (result.upload?.ok === false) process.exitCode = EXIT_NOT_UPLOADED;
}
