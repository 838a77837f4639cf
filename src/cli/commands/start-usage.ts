import { DEFAULT_HISTORY_FILE } from '../../history/history-recorder.js';
import { DEFAULT_STATE_FILE } from '../../probe-process/probe-state-file.js';
import { DEFAULT_STANDIN_BASE_PORT } from '../../standins/start-standin-platform.js';

/** `start --help`. */
export const START_USAGE = `Usage: service-directory start [--config FILE] [--data FILE] [--notices FILE] [--public DIR]
                               [--headers FILE] [--state FILE] [--history FILE]
                               [--standins-port BASE] [--without-standins] [--precompress]
                               [--push-port PORT] [--metrics-port PORT]

The whole system on one machine: builds public/, launches the stand-in platform,
serves, and runs the probe as a sidecar. Ctrl-C or SIGTERM stops all of it.

  --config FILE          the components to probe (default: data/components.json)
  --data FILE            the regions data (default: data/regions.json)
  --notices FILE         the team's notices; missing means none (default: data/notices.json)
  --public DIR           the served directory (default: public)
  --headers FILE         the response header rules (default: headers.json)
  --state FILE           the probe's memory (default: ${DEFAULT_STATE_FILE})
  --history FILE         the probe's history database (default: ${DEFAULT_HISTORY_FILE})
  --standins-port BASE   stand-in control port; components on BASE+1..BASE+4, and the probe's
                         checks of 127.0.0.1:4101..4104 move with them (default: ${DEFAULT_STANDIN_BASE_PORT})
  --without-standins     probe what the config names, launch no stand-ins
  --precompress          the build and the probe also write FILE.gz and FILE.br beside the
                         files worth compressing, for a static host serving the same DIR
  --push-port PORT       heartbeat components' pushes: POST /heartbeat/SLUG on 127.0.0.1:PORT,
                         as probe --push-port takes them (0 picks a free port)
  --metrics-port PORT    GET /metrics for Prometheus on METRICS_HOST (default 127.0.0.1):
                         the server's metrics and the probe's on one listener

With the stand-ins, the probe starts from fresh memory (the --state file is removed):
the stand-ins start healthy, so the last run's memory of them no longer holds. The site
is then built, served and probed in a fresh copy of DIR beside the --state file
(.state/start-public): the stand-ins' status and the demo's page never touch DIR.

Environment: PORT (default 3000), HOST (default 127.0.0.1), REGION, PRECOMPRESS=1 (as --precompress),
METRICS_PORT (as --metrics-port, which wins), METRICS_HOST, each heartbeat's token_env,
LOG_LEVEL=quiet (no summary line every cycle; changes and problems still logged).`;
