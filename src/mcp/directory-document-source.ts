import { documentFile } from '../api-paths.js';
import { readRegularFile } from '../io/read-regular-file.js';
import type { DocumentSource, SourceRead } from './document-source.js';

/**
 * Reads the documents `serve` serves, from its public directory: only
 * regular files (no symlink out of it), each no larger than its cap
 * (`readRegularFile`), as the static files would answer them.
 */
export function directoryDocumentSource(publicDir: string, site: string): DocumentSource {
  return {
    site,
    async read(path, maxBytes): Promise<SourceRead> {
      const found = await readRegularFile(documentFile(publicDir, path), { maxBytes, knownIdentity: '' });
      if (found.kind === 'read') return { kind: 'body', text: found.bytes.toString('utf8') };
      if (found.kind === 'refused' && found.missing === true) return { kind: 'missing', reason: 'not published' };
      return { kind: 'failed', reason: found.kind === 'refused' ? found.reason : 'unreadable' };
    },
  };
}
