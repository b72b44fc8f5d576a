/**
 * react-jsonschema-form's validator, backed by @cfworker/json-schema instead of ajv: ajv
 * compiles each schema into a function with `new Function`, which the app's Content
 * Security Policy (script-src 'self', no 'unsafe-eval') rightly forbids. cfworker's
 * validator interprets the schema (drafts 4, 7, 2019-09, 2020-12) and evaluates nothing.
 *
 * Errors become rjsf's shape: a flat list (shown above the form) and an error tree keyed by
 * the field's path (shown under the field); a missing required property is put on that
 * property, as ajv's rjsf validator does.
 */
import { Validator, type OutputUnit, type Schema } from '@cfworker/json-schema';
import { toErrorSchema, type ErrorTransformer, type RJSFSchema, type RJSFValidationError, type ValidatorType } from '@rjsf/utils';
import { asError } from '@/lib/error-message';

/** Keywords that only summarize errors found deeper (the deeper error says what is wrong). */
const SUMMARY_KEYWORDS = new Set(['properties', 'items', 'prefixItems', 'allOf', '$ref', 'if', 'then', 'else', 'dependentSchemas', 'patternProperties', 'additionalItems']);

function draftOf(schema: RJSFSchema): '4' | '7' | '2019-09' | '2020-12' {
  const id = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (id.includes('draft-04')) return '4';
  if (id.includes('draft-07') || id.includes('draft-06')) return '7';
  if (id.includes('2019-09')) return '2019-09';
  return '2020-12';
}

/** `#/a/0/b` → `.a.0.b` (rjsf's property path), and the path itself as keys. */
function propertyOf(instanceLocation: string, extra?: string): string {
  const keys = instanceLocation.replace(/^#\/?/, '').split('/').filter(Boolean).map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra !== undefined) keys.push(extra);
  return keys.map((k) => `.${k}`).join('');
}

/** A field's name for a person: its schema title, else its key; the whole answer at the root. */
function fieldName(schema: RJSFSchema, keys: readonly string[]): string {
  let node: unknown = schema;
  for (const key of keys) node = (node as { properties?: Record<string, unknown> } | undefined)?.properties?.[key];
  const title = (node as { title?: unknown } | undefined)?.title;
  return typeof title === 'string' ? title : keys.length > 0 ? keys.join('.') : 'The answer';
}

function toRjsfError(unit: OutputUnit, schema: RJSFSchema): RJSFValidationError {
  // "Instance does not have required property "x"." — the error belongs to x.
  const missing = unit.keyword === 'required' ? /"([^"]+)"/.exec(unit.error)?.[1] : undefined;
  const property = propertyOf(unit.instanceLocation, missing);
  const message = missing !== undefined ? 'is a required property' : unit.error;
  const name = fieldName(schema, property.split('.').filter(Boolean));
  return { name: unit.keyword, property, message, params: {}, stack: `${name}: ${message}`, schemaPath: unit.keywordLocation };
}

function run(schema: RJSFSchema, data: unknown): OutputUnit[] {
  const result = new Validator(schema as Schema, draftOf(schema), false).validate(data);
  if (result.valid) return [];
  const leaves = result.errors.filter((unit) => !SUMMARY_KEYWORDS.has(unit.keyword));
  return leaves.length > 0 ? leaves : result.errors;
}

/** A sub-schema checked on its own still reaches the root's definitions (rjsf asks this for oneOf / anyOf). */
function withDefinitions(schema: RJSFSchema, root: RJSFSchema): RJSFSchema {
  if (schema === root) return schema;
  return { ...schema, ...(root.definitions ? { definitions: root.definitions } : {}), ...(root.$defs ? { $defs: root.$defs } : {}) };
}

export const schemaValidator: ValidatorType = {
  validateFormData(formData: unknown, schema: RJSFSchema, _customValidate?: unknown, transformErrors?: ErrorTransformer) {
    let errors = run(schema, formData ?? {}).map((unit) => toRjsfError(unit, schema));
    if (transformErrors) errors = transformErrors(errors);
    return { errors, errorSchema: toErrorSchema(errors) };
  },
  isValid(schema: RJSFSchema, formData: unknown, rootSchema: RJSFSchema) {
    try {
      return run(withDefinitions(schema, rootSchema), formData).length === 0;
    } catch {
      return false;
    }
  },
  rawValidation<Result>(schema: RJSFSchema, formData?: unknown) {
    try {
      return { errors: run(schema, formData) as Result[] };
    } catch (error) {
      return { validationError: asError(error) };
    }
  },
};
