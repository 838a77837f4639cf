import { dirname } from 'node:path';
import { CONSOLE_PROBE_LOG, type ProbeLog } from '../log/probe-log.js';
import { loadMailSettings } from '../mail-subscribers/load-mail-settings.js';
import { fileNoticesSource, type NoticesSource } from '../notices/notices-source.js';
import { urlNoticesSource } from '../notices/url-notices-source.js';
import { openBucketMirror, uploadDeadlineMs } from '../object-store/open-bucket-mirror.js';
import { createPublicDirWriter } from '../public-dir/public-dir-writer.js';
import type { LoadedConfig } from '../settings/load-components-config.js';
import { loadProbeSettings } from '../settings/load-probe-settings.js';
import { moveStandinTargets } from '../standins/move-standin-targets.js';
import { loadSubscriptions } from '../subscriptions/load-subscriptions.js';
import { scheduleIntervalMs } from '../time/schedule-interval.js';
import type { PostWebhook } from '../webhooks/post-webhook.js';
import type { SidecarOptions } from './start-sidecar.js';

export interface LoadProbeOptionsInput {
  /** `data/components.json`: the components, and the subscriptions' `public_url` and `webhooks`. */
  readonly configFile: string;
  /** That file as the process read it already (`loadComponentsConfig`): then not opened again. */
  readonly loaded?: LoadedConfig | undefined;
  /** `data/regions.json`. */
  readonly regionsFile: string;
  /** `--region`, which wins over `REGION` and the config. */
  readonly regionFlag?: string | undefined;
  /** Checks of the stand-ins' default ports go to this base port's stand-ins instead; `undefined` leaves them. */
  readonly standinsPort?: number | undefined;
  readonly publicDir: string;
  /**
   * The team's notices, read before every cycle and published with it: a
   * file (`data/notices.json`), or the `http(s)://` URL of the notices one
   * place publishes for every region; left out, the probe reads what the
   * build published.
   */
  readonly notices?: string | undefined;
  readonly stateFile: string;
  readonly historyFile: string;
  /** `--publish s3://BUCKET[/PREFIX]`: every published file goes to the bucket as well, after it is written locally. */
  readonly publishTo?: string | undefined;
  /** `headers.json`, for each object's Content-Type and Cache-Control; read only with `publishTo`. */
  readonly headersFile?: string;
  readonly log?: ProbeLog;
  readonly env?: NodeJS.ProcessEnv | undefined;
  /** Wraps the poster of webhook deliveries (the probe's metrics count each attempt). */
  readonly observePost?: ((post: PostWebhook) => PostWebhook) | undefined;
  /** `--precompress`: every file the probe writes under `publicDir` gets `.gz` and `.br` siblings. */
  readonly precompress?: boolean;
}

/**
 * What `probe` (sidecar or `--once`) and `start` run the probe with, read
 * and decided once: the settings, moved to the stand-ins when asked, then
 * the subscriptions built on them, and the bucket mirror for `--publish`. Throws `InputError` for a bad config,
 * an unknown region, a missing webhook secret, a bad `--publish` URL or `headers.json`, before anything runs.
 */
export async function loadProbeOptions(input: LoadProbeOptionsInput): Promise<SidecarOptions> {
  const { configFile, publicDir, stateFile, standinsPort } = input;
  const log = input.log ?? CONSOLE_PROBE_LOG;
  const loaded = await loadProbeSettings({
    configFile,
    regionsFile: input.regionsFile,
    regionFlag: input.regionFlag,
    env: input.env,
    config: input.loaded?.config,
  });
  const settings = standinsPort === undefined ? loaded : moveStandinTargets(loaded, standinsPort);
  const mirror =
    input.publishTo === undefined
      ? undefined
      : await openBucketMirror({
          publishTo: input.publishTo,
          publicDir,
          headersFile: input.headersFile ?? 'headers.json',
          stateDir: dirname(stateFile),
          deadlineMs: uploadDeadlineMs(scheduleIntervalMs(settings.schedule)),
          log,
        });
  const writer = createPublicDirWriter(publicDir, { precompress: input.precompress ?? false, mirror });
  const subscriptions = await loadSubscriptions({
    configFile,
    stateFile,
    log,
    env: input.env,
    observePost: input.observePost,
    config: input.loaded?.config,
  });
  const mailSettings = await loadMailSettings(configFile, input.env, input.loaded?.config);
  // nodemailer and the subscribers' database are loaded only for a config with subscribers.
  const mail =
    mailSettings === undefined
      ? undefined
      : (await import('../mail-subscribers/mail-subscribers.js')).createMailSubscribers({
          settings: mailSettings,
          stateDir: dirname(stateFile),
          log,
        });
  return {
    settings,
    mail,
    publicDir: writer,
    stateFile,
    historyFile: input.historyFile,
    log,
    subscriptions,
    notices: input.notices === undefined ? undefined : openNoticesSource(input.notices, configFile, log, input.loaded),
  };
}

/** A URL is the notices of one published place (`urlNoticesSource`); anything else, the team's file. */
function openNoticesSource(
  notices: string,
  componentsFile: string,
  log: ProbeLog,
  loaded: LoadedConfig | undefined,
): NoticesSource {
  return /^https?:\/\//i.test(notices)
    ? urlNoticesSource({ url: notices, componentsFile, log, loaded })
    : fileNoticesSource({ noticesFile: notices, componentsFile, log, loaded });
}
