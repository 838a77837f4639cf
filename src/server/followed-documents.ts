import type { z } from 'zod';
import { API_PATHS, type ApiPath, REGIONS_PATH, STATUS_PATH } from '../api-paths.js';
import { RegionListSchema } from '../schemas/region.js';
import { ServiceStatusSchema } from '../schemas/service-status.js';
import type { ApiDocument } from './api-document.js';

/**
 * The API documents the server follows on disk and answers from memory: each
 * URL path with the schema its file must meet to be served. A new document
 * is one more row here (and its path in `API_PATHS`); nothing else in the
 * server is per document.
 */
export const FOLLOWED_DOCUMENTS = {
  [REGIONS_PATH]: RegionListSchema,
  [STATUS_PATH]: ServiceStatusSchema,
} as const satisfies { readonly [P in ApiPath]?: z.ZodType };

/** One followed document per row of `table`, typed by the row's schema. */
export type FollowedDocuments<Table> = {
  readonly [P in keyof Table]: ApiDocument<Table[P] extends z.ZodType<infer T> ? T : never>;
};

/** Makes one followed document per row of `table` with `follow`, in the order of `API_PATHS`. */
export function followDocuments<Table extends { readonly [P in ApiPath]?: z.ZodType }>(
  table: Table,
  follow: <T>(path: ApiPath, schema: z.ZodType<T>) => ApiDocument<T>,
): FollowedDocuments<Table> {
  const documents: Partial<Record<ApiPath, ApiDocument>> = {};
  for (const path of API_PATHS) {
    const schema = table[path];
    if (schema !== undefined) documents[path] = follow(path, schema);
  }
  // Each entry was made from its own row's schema, which is what the mapped type says.
  return documents as FollowedDocuments<Table>;
}
