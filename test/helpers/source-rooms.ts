import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './temp-site.js';

export const SRC_DIR = join(REPO_ROOT, 'src');

/**
 * The rooms of `src/`, as the README's map of the house names them: each
 * folder (`server`), and each file directly in it (`api-documents.ts`).
 */
export function listSourceRooms(): string[] {
  return readdirSync(SRC_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() || entry.name.endsWith('.ts'))
    .map((entry) => entry.name)
    .sort();
}
