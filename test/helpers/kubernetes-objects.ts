/**
 * Kubernetes objects read from the recipe manifests, checked against
 * Kubernetes' own OpenAPI schemas by kubernetes-models (offline, no API
 * server): a wrong type, a missing required field, a wrong apiVersion or an
 * unknown enum value fails. Fields the schemas do not know pass unnoticed, as
 * the schemas allow them (only the API server's strict decoding refuses them).
 */
export interface TypeMeta {
  apiVersion: string;
  kind: string;
}

/** A kubernetes-models class, e.g. `StatefulSet` from `kubernetes-models/apps/v1/StatefulSet`. */
export interface ObjectModel<T extends TypeMeta> {
  readonly apiVersion: string;
  readonly kind: string;
  is(value: unknown): value is T;
  new (data: Omit<T, keyof TypeMeta>): T & { validate(): void };
}

/** The document as an object of the model's kind; throws with the schema's own message when it is not one. */
export function parseObject<T extends TypeMeta>(model: ObjectModel<T>, document: unknown): T {
  // `is` looks at apiVersion and kind only; validate() then checks the whole object against the schema.
  if (!model.is(document)) throw new Error(`not an object of apiVersion ${model.apiVersion}, kind ${model.kind}`);
  const object = new model(document);
  object.validate();
  return object;
}

/** The document's kind, enough to pick a document before parsing it. */
export function kindOf(document: unknown): unknown {
  return typeof document === 'object' && document !== null && 'kind' in document ? document.kind : undefined;
}
