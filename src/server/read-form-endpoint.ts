import { readOptionalDocument } from '../io/read-optional-document.js';
import { ComponentsConfigSchema } from '../schemas/components-config.js';

/**
 * Where the page's email form posts, from the components config beside the
 * server (`subscribers.endpoint`): `undefined` without the file or the
 * object. A config that exists but is invalid throws `InputError`.
 */
export async function readFormEndpoint(configFile: string): Promise<string | undefined> {
  return (await readOptionalDocument(configFile, ComponentsConfigSchema))?.subscribers?.endpoint;
}
