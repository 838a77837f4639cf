import { z } from 'zod';

/** The JSON Schema dialect of every generated schema, and of the OpenAPI document's schemas. */
export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

export type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as a self-contained JSON Schema (2020-12): every subschema
 * inlined, no `$ref`, so the same object is valid standalone and embedded in
 * an OpenAPI document, where a `#/...` reference would resolve against the
 * wrong root. Throws if a schema has no JSON Schema form, rather than
 * publishing a schema that accepts anything.
 */
export function toJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output', unrepresentable: 'throw', reused: 'inline' });
}

/** The published file: the schema with its dialect, two-space JSON and a trailing newline. */
export function renderJsonSchema(schema: z.ZodType): string {
  const { $schema: _dialect, ...rest } = toJsonSchema(schema);
  return `${JSON.stringify({ $schema: JSON_SCHEMA_DIALECT, ...rest }, null, 2)}\n`;
}
