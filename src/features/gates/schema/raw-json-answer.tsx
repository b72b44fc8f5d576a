import { useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/error-message';

type Props = Readonly<{
  /** Why the answer is typed as JSON (a schema too large or invalid for a form). */
  reason: string;
  initialText: string;
  locked: boolean;
  submitLabel: string;
  onSubmit: (payload: unknown) => void;
}>;

/**
 * The answer typed as JSON, when no form can be built. Nothing is sent until the text is
 * valid JSON; what is wrong is said under the box and the text is kept.
 */
export function RawJsonAnswer({ reason, initialText, locked, submitLabel, onSubmit }: Props) {
  const [text, setText] = useState(initialText);
  const [problem, setProblem] = useState<string>();
  const boxId = useId();
  const problemId = useId();
  const send = () => {
    try {
      const payload = JSON.parse(text) as unknown;
      setProblem(undefined);
      onSubmit(payload);
    } catch (error) {
      setProblem(`Not valid JSON (${errorMessage(error)}). Nothing was sent.`);
    }
  };
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/60 dark:text-amber-100">{reason}</p>
      <label htmlFor={boxId} className="text-xs font-semibold text-slate-600 dark:text-slate-300">
        Your answer (JSON)
      </label>
      <textarea
        id={boxId}
        value={text}
        disabled={locked}
        spellCheck={false}
        aria-invalid={problem !== undefined}
        aria-describedby={problem !== undefined ? problemId : undefined}
        onChange={(event) => setText(event.target.value)}
        rows={6}
        className={cn(
          'rounded-md border bg-white p-2 font-mono text-xs dark:bg-slate-800',
          problem !== undefined ? 'border-red-500 dark:border-red-400' : 'border-slate-300 dark:border-slate-600',
        )}
      />
      {problem !== undefined && (
        <p id={problemId} role="alert" className="text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
      <div>
        <Button type="submit" variant="primary" disabled={locked}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
