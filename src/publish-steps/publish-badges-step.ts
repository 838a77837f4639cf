import { BADGES_PATH } from '../api-paths.js';
import { createBadgePublisher } from '../badges/publish-badges.js';
import { publishCycleBadges } from '../badges/publish-cycle-badges.js';
import type { PublishStep, StepParts } from './publish-step.js';

export interface BadgesSources {
  /** The uptime document the history writes, read back when this process has not written it; none without a history. */
  readonly uptimeFile: string | undefined;
  /** Each component's group, from the config. */
  readonly groups: ReadonlyMap<string, string>;
}

/** Writes the badges of the status as published and the uptime as the history has it just after (`publishCycleBadges`). */
export function publishBadgesStep({ publicDir }: StepParts, { uptimeFile, groups }: BadgesSources): PublishStep {
  const publish = createBadgePublisher(publicDir);
  return {
    name: 'badges',
    failed: 'not written',
    owns: { directories: [BADGES_PATH] },
    async run({ status, history }) {
      await publishCycleBadges({ publish, status, uptimeFile, uptime: history()?.uptime, groups });
      return undefined;
    },
  };
}
