import { z } from 'zod';

/** How the problems of one document name the places they are about. */
export interface PathNamer {
  /** Given the document as parsed (not yet valid), how each issue path is written. */
  readonly describePaths: (input: unknown) => (path: readonly PropertyKey[]) => string;
}

/**
 * Schemas whose problems name items by something a person knows them by,
 * rather than by index (`components["Build Service"]`, not `components[2]`).
 * A schema not in here gets `formatJsonPath`.
 */
export const pathNamers = z.registry<PathNamer>();
