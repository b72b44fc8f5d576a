import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';

import { schemaTooBig, seedAnswer, seedText } from '@/features/gates/schema/schema-limits';
import { schemaShapeProblem } from '@/features/gates/schema/schema-shape';
import { schemaValidator } from '@/features/gates/schema/schema-validator';

const APPROVAL: RJSFSchema = { type: 'object', properties: { approved: { type: 'boolean' }, note: { type: 'string', minLength: 3 } }, required: ['approved'], additionalProperties: false };

describe('which schemas get a form', () => {
  it('refuses a schema too large, too deep, or not an object, saying why', () => {
    expect(schemaTooBig(APPROVAL)).toBeUndefined();
    expect(schemaTooBig('{"type":"object"}')).toMatch(/not a JSON Schema object/);
    expect(schemaTooBig({ type: 'object', description: 'x'.repeat(60_000) })).toMatch(/too large for a form \(60,0\d\d characters/);
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 20; i++) deep = { type: 'object', properties: { a: deep } };
    expect(schemaTooBig(deep)).toMatch(/nests too deeply/);
  });

  it('names the first misused keyword, wherever it is', () => {
    expect(schemaShapeProblem(APPROVAL)).toBeUndefined();
    expect(schemaShapeProblem({ type: 'object', properties: { approved: { type: 'yes-or-no' } } })).toBe('schema.properties.approved: "type" "yes-or-no" is not a JSON Schema type');
    expect(schemaShapeProblem({ type: 'object', required: 'approved' })).toMatch(/"required" must be a list/);
    expect(schemaShapeProblem({ type: 'array', items: [{ type: 'string' }, 5] })).toMatch(/items\[1\] is not a schema/);
    expect(schemaShapeProblem({ $ref: 'https://evil.example/schema.json' })).toMatch(/points outside the schema/);
  });

  it('starts a required yes/no with no default as false (the unticked box), leaving other fields to their defaults', () => {
    expect(seedAnswer(APPROVAL)).toEqual({ approved: false });
    expect(seedAnswer({ type: 'object', properties: { approved: { type: 'boolean', default: true } } })).toEqual({});
    expect(seedAnswer({ type: 'string' })).toBeUndefined();
    expect(seedText({ type: 'string' })).toBe('{}');
  });
});

describe('the form validator (no eval)', () => {
  it('accepts a valid answer and puts each error on its field', () => {
    expect(schemaValidator.validateFormData({ approved: true }, APPROVAL).errors).toEqual([]);
    const { errors, errorSchema } = schemaValidator.validateFormData({ note: 'no', extra: 1 }, APPROVAL);
    expect(errors.map((e) => [e.name, e.property])).toEqual(expect.arrayContaining([['required', '.approved'], ['minLength', '.note']]));
    expect(errorSchema.approved?.__errors).toEqual(['is a required property']);
    expect(errors.some((e) => e.name === 'additionalProperties' || e.name === 'false')).toBe(true);
  });

  it('reads draft-07 schemas as @ag-ui/mastra sends them, and matches oneOf options against the root definitions', () => {
    const draft7: RJSFSchema = { ...APPROVAL, $schema: 'http://json-schema.org/draft-07/schema#' };
    expect(schemaValidator.validateFormData({ approved: 'yes' }, draft7).errors[0]).toMatchObject({ property: '.approved' });
    const root: RJSFSchema = { definitions: { level: { enum: ['low', 'high'] } }, oneOf: [{ $ref: '#/definitions/level' }] };
    expect(schemaValidator.isValid({ $ref: '#/definitions/level' }, 'low', root)).toBe(true);
    expect(schemaValidator.isValid({ $ref: '#/definitions/level' }, 'mid', root)).toBe(false);
  });
});
