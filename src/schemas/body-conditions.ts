import { z } from 'zod';

/**
 * RFC 6901: the empty pointer (the whole document), or `/`-prefixed tokens
 * in which `~` appears only as `~0` (a `~`) or `~1` (a `/` inside a name).
 */
const JSON_POINTER_PATTERN = /^(?:\/(?:[^~/]|~[01])*)*$/;

/** A JSON Pointer (RFC 6901) into a response body, like `/status` or `/checks/0/state`. */
export const JsonPointerSchema = z
  .string({
    error: (issue) => (issue.input === undefined ? 'is required: a JSON Pointer like "/status"' : 'must be a string'),
  })
  .regex(JSON_POINTER_PATTERN, {
    error: (issue) =>
      `${JSON.stringify(issue.input)} is not a JSON Pointer (RFC 6901): it is "" or starts with "/", ` +
      'and a "~" in a name is written "~0", a "/" in a name "~1"',
  });

/**
 * One condition on a JSON body: the value at `pointer` equals `equals`, or
 * equals one of `in`. Values compare as JSON: same type, same value, objects
 * key by key whatever the order of their keys.
 */
export const JsonConditionSchema = z
  .strictObject(
    {
      pointer: JsonPointerSchema,
      equals: z.json().optional(),
      in: z
        .array(z.json(), { error: 'must be a list of JSON values' })
        .min(1, { error: 'must list at least one value' })
        .optional(),
    },
    {
      error: (issue) =>
        issue.code === 'invalid_type' ? 'must be an object like { "pointer": "/status", "equals": "ok" }' : undefined,
    },
  )
  .superRefine((condition, ctx) => {
    const hasEquals = condition.equals !== undefined;
    const hasIn = condition.in !== undefined;
    if (hasEquals === hasIn) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: hasEquals
          ? 'has both "equals" and "in"; give one'
          : 'needs "equals" (a value) or "in" (a list of values)',
      });
    }
  });
export type JsonCondition = z.infer<typeof JsonConditionSchema>;

/** `expect_json`: every condition must hold. */
export const ExpectJsonSchema = z
  .array(JsonConditionSchema, { error: 'must be a list of conditions like { "pointer": "/status", "equals": "ok" }' })
  .min(1, { error: 'must list at least one condition, or be left out' });

/** `expect_text`: a substring the body must contain. */
export const ExpectTextSchema = z
  .string({ error: 'must be a string the body must contain' })
  .min(1, { error: 'must not be empty' });

/** What a body must satisfy; an empty set means the body is not read at all. */
export interface BodyConditions {
  readonly expectJson?: readonly JsonCondition[] | undefined;
  readonly expectText?: string | undefined;
}
