import type { z } from 'zod';
import { API_DOCUMENTS, TEMPLATED_DOCUMENTS } from '../api-documents.js';
import { ErrorBodySchema } from '../schemas/error-body.js';

/** A document the API answers with, and where its JSON Schema is published. */
export interface DocumentSchema {
  /** The OpenAPI component name. */
  readonly name: string;
  /** The file name under `/api/v1/schemas/`. */
  readonly file: string;
  readonly schema: z.ZodType;
}

/** The body of every error the server answers with itself. */
export const ERROR_BODY_SCHEMA: DocumentSchema = { name: 'ErrorBody', file: 'error.json', schema: ErrorBodySchema };

/** The bodies the API sends: each document in the table of documents, the templated ones, then the error. */
export const DOCUMENT_SCHEMAS: readonly DocumentSchema[] = [
  ...[...API_DOCUMENTS, ...TEMPLATED_DOCUMENTS].map(({ schemaName, schemaFile, schema }) => ({
    name: schemaName,
    file: schemaFile,
    schema,
  })),
  ERROR_BODY_SCHEMA,
];
