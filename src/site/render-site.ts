import { OPENAPI_PATH, REGIONS_PATH, SCHEMAS_PATH } from '../api-paths.js';
import type { HeaderRule } from '../headers/headers-config.js';
import { DOCUMENT_SCHEMAS } from '../openapi/document-schemas.js';
import { renderOpenApi } from '../openapi/render-openapi.js';
import { renderJsonSchema } from '../openapi/to-json-schema.js';
import type { Region } from '../schemas/region.js';
import { renderRegions } from './render-regions.js';
import { renderSharedModule, SHARED_MODULE_PATH } from './render-shared-module.js';

/** A file the build publishes: its URL path under `public/` and its exact bytes. */
export interface PublishedFile {
  readonly path: `/${string}`;
  readonly contents: string;
}

/**
 * Everything the build generates from the data and the header rules: the
 * regions document, the OpenAPI document, one JSON Schema per document, and
 * the staleness rule and the vocabulary (document paths, state labels) in the
 * one module the status page imports them from.
 * Pure, so the same inputs give the same bytes.
 */
export function renderSite(regions: readonly Region[], rules: readonly HeaderRule[]): PublishedFile[] {
  return [
    { path: REGIONS_PATH, contents: renderRegions(regions) },
    { path: OPENAPI_PATH, contents: renderOpenApi(rules) },
    ...DOCUMENT_SCHEMAS.map((document) => ({
      path: `${SCHEMAS_PATH}/${document.file}` as const,
      contents: renderJsonSchema(document.schema),
    })),
    { path: SHARED_MODULE_PATH, contents: renderSharedModule() },
  ];
}
