import { join } from 'node:path';
import { readDocument } from '../io/read-document.js';
import type { ProbeLog } from '../log/probe-log.js';
import { type Sidecar, startSidecar } from '../probe-process/start-sidecar.js';
import { createPublicDirWriter } from '../public-dir/public-dir-writer.js';
import { ComponentsConfigSchema } from '../schemas/components-config.js';
import { RegionsFileSchema } from '../schemas/region.js';
import { staleAfterForSchedule } from '../server/stale-after.js';
import { type RunningServer, startServer } from '../server/start-server.js';
import { resolveProbeSettings } from '../settings/probe-settings.js';
import { buildSite } from '../site/build-site.js';
import { STANDIN_COMPONENTS, type StandinPlatform, startStandinPlatform } from '../standins/start-standin-platform.js';

/** The demo's three regions, their servers' ports and their stand-in platforms' control ports. */
export const DEMO_REGIONS = [
  { code: 'ams1', port: 3001, standinsPort: 4100 },
  { code: 'fra1', port: 3002, standinsPort: 4200 },
  { code: 'lhr1', port: 3003, standinsPort: 4300 },
] as const;

/** Shared things, seen from every region and published by a vote; the other two are each region's own. */
const GLOBAL_COMPONENTS: ReadonlySet<string> = new Set(['Control API', 'Scheduler']);

export interface RegionsDemoOptions {
  /** Where each region's `public/` and probe state go (`DIR/<code>/…`). */
  readonly dir: string;
  readonly regionsFile: string;
  readonly headersFile: string;
  /** 0 everywhere picks free ports (tests); by default `DEMO_REGIONS`' ports. */
  readonly anyPorts?: boolean;
  readonly schedule?: string;
  readonly log: (region: string) => ProbeLog;
}

export interface DemoRegion {
  readonly code: string;
  /** The region's origin: `/`, `/api/v1/status`, `/api/v1/observations`. */
  readonly url: string;
  /** Switches this region's own copy of the stand-ins: `POST /<component>/<mode>`. */
  readonly controlOrigin: string;
  readonly publicDir: string;
}

export interface RegionsDemo {
  readonly regions: readonly DemoRegion[];
  stop(): Promise<void>;
}

/**
 * Three regions on loopback, each a server and a probe sidecar with the other
 * two as peers. Each region watches its own copy of the stand-in platform,
 * standing in for its own network path to the components: failing the
 * Control API of one region's copy is what one region's broken path looks
 * like, and failing it in all three is a real outage.
 */
export async function startRegionsDemo(options: RegionsDemoOptions): Promise<RegionsDemo> {
  const directory = await readDocument(options.regionsFile, RegionsFileSchema);
  const schedule = options.schedule ?? '*/2 * * * * *';
  const platforms: StandinPlatform[] = [];
  const servers: RunningServer[] = [];
  const sidecars: Sidecar[] = [];
  const stop = async () => {
    await Promise.all(sidecars.map((sidecar) => sidecar.stop()));
    await Promise.all(servers.map((server) => server.close()));
    await Promise.all(platforms.map((platform) => platform.close()));
  };
  try {
    const regions: DemoRegion[] = [];
    for (const region of DEMO_REGIONS) {
      const publicDir = join(options.dir, region.code, 'public');
      await buildSite({ regionsFile: options.regionsFile, headersFile: options.headersFile, publicDir });
      const platform = await startStandinPlatform({ basePort: options.anyPorts ? 0 : region.standinsPort });
      platforms.push(platform);
      const server = await startServer({
        publicDir,
        headersFile: options.headersFile,
        port: options.anyPorts ? 0 : region.port,
        host: '127.0.0.1',
        staleAfterMs: staleAfterForSchedule(schedule),
        log: (line) => options.log(region.code).error(`serve: ${line}`),
      });
      servers.push(server);
      regions.push({ code: region.code, url: server.url, controlOrigin: platform.controlOrigin, publicDir });
    }
    for (const [index, region] of regions.entries()) {
      const platform = platforms[index];
      if (platform === undefined) continue;
      const config = ComponentsConfigSchema.parse({
        region: region.code,
        schedule,
        peers: Object.fromEntries(regions.filter((peer) => peer !== region).map((peer) => [peer.code, peer.url])),
        components: STANDIN_COMPONENTS.map((component) => ({
          name: component.name,
          scope: GLOBAL_COMPONENTS.has(component.name) ? 'global' : 'regional',
          url: platform.standins.find((standin) => standin.slug === component.slug)?.url,
          ...(component.healthyStatus === 200 ? {} : { expect_status: [200, component.healthyStatus] }),
        })),
      });
      const settings = resolveProbeSettings({
        config,
        configFile: `demo config of ${region.code}`,
        regions: directory,
        regionsFile: options.regionsFile,
      });
      // Each region's state lives in a directory of its own, so each holds its own writer lock.
      sidecars.push(
        await startSidecar({
          settings,
          publicDir: createPublicDirWriter(region.publicDir),
          stateFile: join(options.dir, region.code, 'probe-state.json'),
          log: options.log(region.code),
        }),
      );
    }
    return { regions, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
