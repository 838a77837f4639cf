import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { REPO_ROOT } from './temp-site.js';

/**
 * /api/v1/observations as the release before declared states and the new
 * kinds of check parsed it (src/schemas/observations.ts at 6274236, as the
 * build published it through toJsonSchema), frozen on purpose: strict
 * objects, and failure_class one of the eight classes, which peers store by
 * index. A peer of that release validates a newer region's document against
 * it, so what this release publishes must still pass.
 */
const schema = JSON.parse(
  readFileSync(join(REPO_ROOT, 'test/fixtures/observations-previous-release.schema.json'), 'utf8'),
) as object;

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const validate = ajv.compile(schema);

/** The previous release's verdict on `document`: `undefined` when it passes, else its errors as one line. */
export function previousReleaseRefuses(document: unknown): string | undefined {
  return validate(document) ? undefined : JSON.stringify(validate.errors);
}
