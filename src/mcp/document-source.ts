import type { z } from 'zod';
import { InputError } from '../errors/input-error.js';
import { parseDocument } from '../io/parse-document.js';

/** What reading one published document gave: its text, or why there is none. */
export type SourceRead =
  | { readonly kind: 'body'; readonly text: string }
  | { readonly kind: 'missing'; readonly reason: string }
  | { readonly kind: 'failed'; readonly reason: string };

/**
 * Where the MCP tools read a deployment's published documents: over HTTP
 * from any deployment (`mcp --site`), or from the public directory `serve`
 * serves (`serve --mcp`). Each read is bounded in time and size, and never rejects.
 */
export interface DocumentSource {
  /** What the answers name as the site. */
  readonly site: string;
  read(path: `/${string}`, maxBytes: number): Promise<SourceRead>;
}

/** A document read and checked against its schema, or why it could not be: a tool answers the problem with a hint. */
export type DocumentResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly missing: boolean; readonly problem: string };

/**
 * Reads the document at `path` from `source` and parses it with its schema;
 * never rejects: a missing, unreachable, oversized or malformed document is a
 * problem that names the path.
 */
export async function readSiteDocument<S extends z.ZodType>(
  source: DocumentSource,
  path: `/${string}`,
  schema: S,
  maxBytes: number,
): Promise<DocumentResult<z.output<S>>> {
  const read = await source.read(path, maxBytes);
  if (read.kind !== 'body') return { ok: false, missing: read.kind === 'missing', problem: `${path}: ${read.reason}` };
  try {
    return { ok: true, value: parseDocument(path, read.text, schema) };
  } catch (error) {
    const problem = error instanceof InputError ? error.message : `${path}: ${String(error)}`;
    return { ok: false, missing: false, problem: problem.split('\n').slice(0, 3).join('; ') };
  }
}
