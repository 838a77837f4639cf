import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { REPO_ROOT } from './temp-site.js';

/** Statuspage's shapes as written by hand from its documentation, apart from the zod schemas. */
const EXPECTATION = JSON.parse(readFileSync(join(REPO_ROOT, 'test/fixtures/statuspage-v2.schema.json'), 'utf8'));

/** The validator of one Statuspage document, by its path under `/api/v2/` (`summary.json`). */
export function expectationOf(document: string) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(EXPECTATION);
  const validate = ajv.getSchema(`${EXPECTATION.$id}#/$defs/${document.replaceAll('/', '~1')}`);
  if (validate === undefined) throw new Error(`the expectation has no ${document}`);
  return validate;
}
