import { cp, mkdir, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { type LoadedConfig, loadComponentsConfig } from '../settings/load-components-config.js';
import { localOriginOf, reservePort, writeDemoConfig } from './start-mail-demo.js';

/** Where `start` with the stand-ins builds, serves and probes: beside the state file, never the checkout's public/. */
export const START_PUBLIC_DIR_NAME = 'start-public';

export interface StartSiteOptions {
  readonly withStandins: boolean;
  readonly configFile: string;
  /** The config as given, read once. */
  readonly given: LoadedConfig;
  readonly stateFile: string;
  /** The public directory given (`--public`). */
  readonly publicDir: string;
  readonly host: string;
  /** `PORT`: 0 picks a free one. */
  readonly port: number;
}

/** What `start` builds, serves and probes with. */
export interface StartSite {
  /** The config the build and the probe read: the given one, or the demo's beside the state file. */
  readonly configFile: string;
  readonly loaded: LoadedConfig;
  readonly publicDir: string;
  readonly serverPort: number;
  /** What the start banner says about these choices. */
  readonly lines: readonly string[];
}

/**
 * A fresh copy of `publicDir` beside the state file: the page's files as
 * checked out, without the last run's outputs in the copy's way (its badges
 * and feeds of stand-ins) and without dot-named temp files. A missing
 * `publicDir` gives an empty copy.
 */
async function copyPublicDir(publicDir: string, stateFile: string): Promise<string> {
  const copy = join(dirname(stateFile), START_PUBLIC_DIR_NAME);
  await rm(copy, { recursive: true, force: true });
  await mkdir(copy, { recursive: true });
  if ((await stat(publicDir).catch(() => undefined))?.isDirectory()) {
    await cp(publicDir, copy, {
      recursive: true,
      filter: (source) => source === publicDir || !basename(source).startsWith('.'),
    });
  }
  return copy;
}

/**
 * The site `start` runs. Without the stand-ins: the given config and public
 * directory, as `build` and `probe` would use them. With them: a copy of the
 * public directory beside the state file, so that the stand-ins' status and
 * the demo's page (its email form, its absolute links) never change the
 * checkout's tracked files; and, for a config without `subscribers`, the
 * demo's on the page's own origin, decided before the build so that the page
 * is built knowing its endpoint, as from a real config (with `PORT=0` a
 * port is reserved first, so the origin is known).
 */
export async function prepareStartSite(options: StartSiteOptions): Promise<StartSite> {
  const { withStandins, given, stateFile, host } = options;
  if (!withStandins) {
    return {
      configFile: options.configFile,
      loaded: given,
      publicDir: options.publicDir,
      serverPort: options.port,
      lines: [],
    };
  }
  const publicDir = await copyPublicDir(options.publicDir, stateFile);
  const lines = [`the stand-ins' site is built, served and probed in ${publicDir}, a copy of ${options.publicDir}`];
  if (given.config.subscribers !== undefined) {
    return { configFile: options.configFile, loaded: given, publicDir, serverPort: options.port, lines };
  }
  const serverPort = options.port === 0 ? await reservePort(host) : options.port;
  const origin = localOriginOf(host, serverPort);
  if (origin === undefined) {
    lines.push('HOST is not a loopback address: no email sign-ups over http');
    return { configFile: options.configFile, loaded: given, publicDir, serverPort, lines };
  }
  const configFile = await writeDemoConfig(options.configFile, stateFile, origin);
  return { configFile, loaded: await loadComponentsConfig(configFile), publicDir, serverPort, lines };
}
