import { dirname } from 'node:path';
import { InputError } from '../errors/input-error.js';
import { displayPath } from '../io/display-path.js';
import { readDocument } from '../io/read-document.js';
import { ComponentsConfigSchema } from '../schemas/components-config.js';
import { nameKey } from '../schemas/label.js';
import { writeHeartbeat } from './heartbeat-files.js';
import { heartbeatComponentsOf } from './push-targets.js';

export interface RecordPushInput {
  /** `data/components.json`. */
  readonly configFile: string;
  /** The probe's state file: the push is recorded beside it, where the probe reads pushes. */
  readonly stateFile: string;
  /** The heartbeat component's name, as the config writes it. */
  readonly name: string;
  /** A failure's message; left out, the push is a success. */
  readonly failure?: string | undefined;
  readonly now?: () => Date;
}

/**
 * Records a push for a job on the probe's host, or one that shares its
 * state directory (the `heartbeat` command, for cron mode, where no
 * listener runs): the same record the push listener writes. Needs no token:
 * whoever may write the state directory may record. Throws `InputError`
 * for a name that is no heartbeat component, listing those there are.
 */
export async function recordPush(input: RecordPushInput): Promise<{ readonly slug: string }> {
  const config = await readDocument(input.configFile, ComponentsConfigSchema);
  const heartbeats = heartbeatComponentsOf(config);
  const found = heartbeats.find(({ name }) => nameKey(name) === nameKey(input.name));
  if (found === undefined) {
    const known = heartbeats.map(({ name }) => JSON.stringify(name)).join(', ');
    throw new InputError(displayPath(input.configFile), [
      {
        path: 'components',
        reason: `${JSON.stringify(input.name)} is not a heartbeat component (${known === '' ? 'there are none' : `heartbeat components: ${known}`})`,
      },
    ]);
  }
  const now = input.now ?? (() => new Date());
  await writeHeartbeat(dirname(input.stateFile), found.slug, {
    atMs: now().getTime(),
    ok: input.failure === undefined,
    message: input.failure ?? null,
  });
  return { slug: found.slug };
}
