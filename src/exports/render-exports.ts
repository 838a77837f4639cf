import type { HeaderRule } from '../headers/headers-config.js';
import { collectHeaderTargets } from './header-targets.js';
import { renderFirebaseHeaders } from './render-firebase-headers.js';
import { renderNetlifyHeaders } from './render-netlify-headers.js';
import { renderNginxLocations } from './render-nginx-locations.js';
import { renderS3Upload } from './render-s3-upload.js';
import { renderVercelHeaders } from './render-vercel-headers.js';

/** A generated file: its name in the target directory and its exact bytes. */
export interface ExportFile {
  readonly name: string;
  readonly contents: string;
}

export interface Exports {
  /** Files that belong in the build output itself (`public/_headers`). */
  readonly publicFiles: readonly ExportFile[];
  /** Snippets for the other hosts, for the exports directory. */
  readonly hostFiles: readonly ExportFile[];
}

/**
 * `headers.json` translated for each static host, from the exact header set
 * of every published file (`files`: paths relative to the public directory).
 * `publicDir` is the public directory as the host configs should name it.
 */
export function renderExports(rules: readonly HeaderRule[], files: readonly string[], publicDir: string): Exports {
  const targets = collectHeaderTargets(rules, files);
  return {
    publicFiles: [{ name: '_headers', contents: renderNetlifyHeaders(targets) }],
    hostFiles: [
      { name: 'vercel.json', contents: renderVercelHeaders(targets) },
      { name: 'firebase.json', contents: renderFirebaseHeaders(targets, publicDir) },
      { name: 'nginx-locations.conf', contents: renderNginxLocations(targets) },
      { name: 's3-upload.sh', contents: renderS3Upload(targets, publicDir) },
    ],
  };
}
