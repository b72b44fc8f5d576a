/**
 * The form a gate's JSON Schema asks for, built by react-jsonschema-form with its ajv 8
 * validator. Loaded only when a gate with a schema opens (gate-schema-answer.tsx), so the
 * run page's first JS never carries it. Nothing is sent until the answer validates; rjsf
 * lists what is wrong above the form and moves focus to the first bad field.
 */
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { useMemo, useState } from 'react';

import { RawJsonAnswer } from '@/features/gates/schema/raw-json-answer';
import { seedAnswer, seedText } from '@/features/gates/schema/schema-limits';

import './schema-form.css';

type Props = Readonly<{ schema: Record<string, unknown>; locked: boolean; submitLabel: string; onSubmit: (payload: unknown) => void }>;

/** Why ajv cannot use this schema (unknown keyword type, bad $ref, …), or undefined. */
function schemaProblem(schema: RJSFSchema): string | undefined {
  try {
    const { validationError } = validator.rawValidation(schema, seedAnswer(schema));
    return validationError?.message;
  } catch (error) {
    return error instanceof Error ? error.message : 'unreadable schema';
  }
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
      validator={validator}
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
