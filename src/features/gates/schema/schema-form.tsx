/**
 * The form a gate's JSON Schema asks for, built by react-jsonschema-form and validated by
 * @cfworker/json-schema (schema-validator.ts: no eval, as the app's CSP requires). Loaded only when a gate with a schema opens (gate-schema-answer.tsx), so the
 * run page's first JS never carries it. Nothing is sent until the answer validates; rjsf
 * lists what is wrong above the form and moves focus to the first bad field.
 */
// The Form module itself: the package index also re-exports a test registry that imports an ajv validator we do not ship.
import Form from '@rjsf/core/lib/components/Form.js';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useMemo, useState } from 'react';

import { RawJsonAnswer } from '@/features/gates/schema/raw-json-answer';
import { seedAnswer, seedText } from '@/features/gates/schema/schema-limits';
import { schemaShapeProblem } from '@/features/gates/schema/schema-shape';
import { schemaValidator } from '@/features/gates/schema/schema-validator';

import './schema-form.css';

type Props = Readonly<{ schema: Record<string, unknown>; locked: boolean; submitLabel: string; onSubmit: (payload: unknown) => void }>;

/** Why no form can be built from this schema (a misused keyword, a $ref that does not resolve, …), or undefined. */
function schemaProblem(schema: RJSFSchema): string | undefined {
  const shape = schemaShapeProblem(schema);
  if (shape !== undefined) return shape;
  return schemaValidator.rawValidation(schema, seedAnswer(schema)).validationError?.message;
}

export function SchemaForm({ schema, locked, submitLabel, onSubmit }: Props) {
  const rjsfSchema = schema as RJSFSchema;
  const problem = useMemo(() => schemaProblem(rjsfSchema), [rjsfSchema]);
  const [formData, setFormData] = useState(() => seedAnswer(schema));
  if (problem !== undefined) {
    return (
      <RawJsonAnswer
        reason={`The response schema is not valid JSON Schema (${problem.slice(0, 200)}), so no form can be built. Type the answer as JSON.`}
        initialText={seedText(schema)}
        locked={locked}
        submitLabel={submitLabel}
        onSubmit={onSubmit}
      />
    );
  }
  const uiSchema: UiSchema = { 'ui:submitButtonOptions': { submitText: submitLabel, props: { disabled: locked } } };
  return (
    <Form
      className="rb-schema-form"
      schema={rjsfSchema}
      uiSchema={uiSchema}
      validator={schemaValidator}
      formData={formData}
      disabled={locked}
      noHtml5Validate
      focusOnFirstError
      showErrorList="top"
      onChange={(event) => setFormData(event.formData)}
      onSubmit={(event) => onSubmit(event.formData)}
    />
  );
}
