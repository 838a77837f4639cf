import { resolve } from 'node:path';
import { recordPush } from '../../heartbeats/record-push.js';
import { DEFAULT_STATE_FILE } from '../../probe-process/probe-state-file.js';
import { type OptionSpec, parseOptions } from '../parse-options.js';
import { UsageError } from '../run-command.js';

export const HEARTBEAT_USAGE = `Usage: service-directory heartbeat NAME [--fail MESSAGE] [--config FILE] [--state FILE]

Records a push for the heartbeat component NAME, as the probe's push listener
would: for a job on the probe's host, or one that shares its state directory,
and for cron mode (probe --once), where no listener runs. The next cycle judges it.

  --fail MESSAGE   the job failed: the component is down, with MESSAGE (public:
                   it is shown in /api/v1/observations); without it, a success
  --config FILE    the components (default: data/components.json)
  --state FILE     the probe's state file, which the push is recorded beside
                   (default: ${DEFAULT_STATE_FILE})

A nightly job: make && service-directory heartbeat "Nightly Build" || service-directory heartbeat "Nightly Build" --fail "make failed"`;

export const HEARTBEAT_OPTIONS = {
  fail: { type: 'string' },
  config: { type: 'string', default: 'data/components.json' },
  state: { type: 'string', default: DEFAULT_STATE_FILE },
} satisfies OptionSpec;

export async function heartbeat(args: string[]): Promise<void> {
  const parsed = parseOptions(args, HEARTBEAT_OPTIONS, HEARTBEAT_USAGE);
  if (!parsed) return;
  const { values, positionals } = parsed;
  const [name, ...extra] = positionals;
  if (name === undefined || extra.length > 0) {
    throw new UsageError(`give the heartbeat component's name, once (quoted if it has spaces)\n\n${HEARTBEAT_USAGE}`);
  }
  const failure = typeof values.fail === 'string' ? values.fail : undefined;
  const { slug } = await recordPush({
    configFile: resolve(String(values.config)),
    stateFile: resolve(String(values.state)),
    name,
    failure,
  });
  console.log(`heartbeat: recorded ${failure === undefined ? 'a success' : 'a failure'} for ${name} (${slug})`);
}
