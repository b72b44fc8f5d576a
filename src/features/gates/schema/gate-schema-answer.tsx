import { Component, lazy, Suspense, type ReactNode } from 'react';

import { RawJsonAnswer } from '@/features/gates/schema/raw-json-answer';
import { schemaTooBig, seedText } from '@/features/gates/schema/schema-limits';

// The form library is big: loaded only when a gate with a schema opens.
const SchemaForm = lazy(() => import('@/features/gates/schema/schema-form').then((m) => ({ default: m.SchemaForm })));

type Props = Readonly<{ schema: unknown; locked: boolean; submitLabel: string; onSubmit: (payload: unknown) => void }>;

/**
 * The answer to a gate that sends a response schema: a form built from it, or — when the
 * schema is too large, not JSON Schema, or the form cannot load — the answer typed as JSON,
 * with the reason said. Either way nothing is sent until the answer is valid.
 */
export function GateSchemaAnswer({ schema, locked, submitLabel, onSubmit }: Props) {
  const tooBig = schemaTooBig(schema);
  const raw = (reason: string) => <RawJsonAnswer reason={reason} initialText={seedText(schema)} locked={locked} submitLabel={submitLabel} onSubmit={onSubmit} />;
  if (tooBig !== undefined) return raw(`No form is built for this gate: ${tooBig}. Type the answer as JSON.`);
  return (
    <FormFallback fallback={(message) => raw(`The answer form could not be shown (${message}). Type the answer as JSON.`)}>
      <Suspense fallback={<p className="text-sm text-slate-600 dark:text-slate-300">Loading the answer form…</p>}>
        <SchemaForm schema={schema as Record<string, unknown>} locked={locked} submitLabel={submitLabel} onSubmit={onSubmit} />
      </Suspense>
    </FormFallback>
  );
}

type FallbackProps = { fallback: (message: string) => ReactNode; children: ReactNode };

/** A form that fails to load or render gives way to the JSON editor; the dialog and the run stay. */
class FormFallback extends Component<FallbackProps, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  render() {
    return this.state.error ? this.props.fallback(this.state.error.message.slice(0, 200)) : this.props.children;
  }
}
