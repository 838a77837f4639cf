import type { PublicDirWriter } from '../public-dir/public-dir-writer.js';
import type { PublishStep } from './publish-step.js';

/**
 * `--publish`: what changed under the public directory goes to the bucket,
 * within the mirror's deadline (`PublicDirWriter.upload`, which never throws).
 */
export function uploadStep(publicDir: PublicDirWriter): PublishStep {
  return {
    name: 'upload',
    owns: {},
    async run({ signal }) {
      const upload = await publicDir.upload({ signal });
      return upload === undefined ? undefined : { upload };
    },
  };
}
