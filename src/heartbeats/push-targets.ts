import { InputError, type Problem } from '../errors/input-error.js';
import type { ComponentsConfig } from '../schemas/components-config.js';
import { assignSlugs } from '../slugs/assign-slugs.js';

/** The shortest token a push may carry: a guessable one would let anyone mark a job as alive. */
export const MIN_TOKEN_CHARS = 16;

/** A heartbeat component as the push listener knows it: its name, its push URL's slug, and its token. */
export interface PushTarget {
  readonly name: string;
  readonly slug: string;
  readonly token: string;
}

/** The heartbeat components of a config, by name and slug (the one slug rule: `assignSlugs`). */
export function heartbeatComponentsOf(config: ComponentsConfig): { name: string; slug: string; tokenEnv: string }[] {
  const slugs = assignSlugs(config.components.map((component) => component.name));
  return config.components.flatMap((component) =>
    component.heartbeat === undefined
      ? []
      : [{ name: component.name, slug: slugs.get(component.name) ?? '', tokenEnv: component.heartbeat.token_env }],
  );
}

/**
 * Each heartbeat component's push target, its token read from the variable
 * its `token_env` names. Only the push listener reads them: `serve`,
 * `build` and `probe --once` read the same config without the tokens set.
 * Throws `InputError` naming every variable unset, empty or shorter than
 * `MIN_TOKEN_CHARS` (never its value).
 */
export function readPushTargets(config: ComponentsConfig, configFile: string, env: NodeJS.ProcessEnv): PushTarget[] {
  const problems: Problem[] = [];
  const targets = heartbeatComponentsOf(config).map(({ name, slug, tokenEnv }) => {
    const token = env[tokenEnv] ?? '';
    const whose = `the push token of heartbeat component ${JSON.stringify(name)} in ${configFile}`;
    if (token === '') problems.push({ path: tokenEnv, reason: `is required: ${whose}` });
    else if ([...token].length < MIN_TOKEN_CHARS) {
      problems.push({
        path: tokenEnv,
        reason: `is shorter than ${MIN_TOKEN_CHARS} characters: ${whose} must not be guessable (openssl rand -hex 32 makes one)`,
      });
    }
    return { name, slug, token };
  });
  if (problems.length > 0) throw new InputError('environment', problems);
  return targets;
}
