import { API_DOCUMENTS, MAX_API_DOCUMENT_BYTES } from '../api-documents.js';
import type { Problem } from '../errors/input-error.js';
import type { PublishedFile } from './render-site.js';

/** A published API document the server would refuse, and why. */
export interface OversizedDocument {
  readonly path: string;
  readonly problem: Problem;
}

/**
 * The rendered API documents larger than the server takes for their path:
 * publishing one would leave the origin serving the previous version (or
 * nothing), so the build refuses it instead. Pure.
 */
export function findOversizedDocuments(files: readonly PublishedFile[]): OversizedDocument[] {
  return files.flatMap((file) => {
    const document = API_DOCUMENTS.find((each) => each.path === file.path);
    if (document === undefined) return [];
    const bytes = Buffer.byteLength(file.contents);
    const limit = document.maxBytes ?? MAX_API_DOCUMENT_BYTES;
    if (bytes <= limit) return [];
    return [
      {
        path: file.path,
        problem: {
          path: '',
          reason: `renders ${file.path} as ${bytes} bytes, larger than the ${limit} bytes the server takes for it; nothing was written`,
        },
      },
    ];
  });
}
