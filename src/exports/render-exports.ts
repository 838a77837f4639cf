import type { HeaderRule } from '../headers/headers-config.js';
import { collectHeaderTargets } from './header-targets.js';
import { renderFirebaseHeaders } from './render-firebase-headers.js';
import { renderNetlifyHeaders } from './render-netlify-headers.js';
import { renderNginxLocations } from './render-nginx-locations.js';
import { renderS3Upload } from './render-s3-upload.js';
import {
  renderNginxSubscriptions,
  renderSubscriptionsNote,
  type SubscriptionsRoute,
} from './render-subscriptions-routing.js';
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
 * With `subscriptions` (the config has "subscribers"), nginx also routes the
 * endpoint to the probe, and a note says how for the hosts that cannot.
 */
export function renderExports(
  rules: readonly HeaderRule[],
  files: readonly string[],
  publicDir: string,
  subscriptions?: SubscriptionsRoute,
): Exports {
  const targets = collectHeaderTargets(rules, files);
  const nginx = renderNginxLocations(targets);
  return {
    publicFiles: [{ name: '_headers', contents: renderNetlifyHeaders(targets) }],
    hostFiles: [
      { name: 'vercel.json', contents: renderVercelHeaders(targets) },
      { name: 'firebase.json', contents: renderFirebaseHeaders(targets, publicDir) },
      {
        name: 'nginx-locations.conf',
        contents:
          subscriptions === undefined ? nginx : `${nginx}${renderNginxSubscriptions(subscriptions).join('\n')}\n`,
      },
      { name: 's3-upload.sh', contents: renderS3Upload(targets, publicDir) },
      ...(subscriptions === undefined
        ? []
        : [{ name: 'subscriptions-routing.txt', contents: renderSubscriptionsNote(subscriptions) }]),
    ],
  };
}
