import { useId, useState } from 'react';

import type { GateOption } from '@/protocol/run-event';

import { Button } from '@/components/ui/button';
import type { AnswerState } from '@/stores/gate-answer-store';
import type { GateState } from '@/stores/run-types';

const TONE_VARIANT = { approve: 'primary', reject: 'danger', neutral: 'secondary' } as const;

type Props = Readonly<{
  gate: GateState;
  answer: AnswerState | undefined;
  onAnswer: (option: GateOption | undefined, text: string) => void;
}>;

/** One button per option (named by its label), a text box when the gate takes text, and the send state. */
export function GateAnswerControls({ gate, answer, onAnswer }: Props) {
  const [text, setText] = useState('');
  const textId = useId();
  const locked = answer?.phase === 'sending' || answer?.phase === 'sent';
  if (!gate.answerable) {
    return (
      <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        <span className="font-semibold">Pending — cannot be answered from Runboard. </span>
        {gate.unanswerableReason}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {gate.acceptsText && (
        <div className="flex flex-col gap-1">
          <label htmlFor={textId} className="text-xs font-semibold text-slate-600 dark:text-slate-300">
            {gate.kind === 'approval' ? 'Comment (optional)' : 'Your answer'}
          </label>
          <textarea
            id={textId}
            value={text}
            disabled={locked}
            onChange={(event) => setText(event.target.value)}
            rows={3}
            className="rounded-md border border-slate-300 bg-white p-2 text-sm dark:border-slate-600 dark:bg-slate-800"
          />
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {gate.options.map((option) => (
          <Button key={option.value} variant={TONE_VARIANT[option.tone ?? 'neutral']} disabled={locked} onClick={() => onAnswer(option, text)}>
            {option.label}
          </Button>
        ))}
        {gate.options.length === 0 && gate.acceptsText && (
          <Button variant="primary" disabled={locked || text.trim() === ''} onClick={() => onAnswer(undefined, text)}>
            Send answer
          </Button>
        )}
      </div>
      <SendState answer={answer} />
    </div>
  );
}

function SendState({ answer }: { answer: AnswerState | undefined }) {
  if (!answer) return null;
  if (answer.phase === 'sending') return <p role="status" className="text-sm text-sky-700 dark:text-sky-300">Sending “{answer.choice}”…</p>;
  if (answer.phase === 'sent') {
    return (
      <p role="status" className="text-sm text-emerald-700 dark:text-emerald-300">
        <span aria-hidden>✓ </span>Sent “{answer.choice}”. Waiting for the run to continue.
      </p>
    );
  }
  return (
    <p role="alert" className="text-sm text-red-700 dark:text-red-300">
      <span aria-hidden>✕ </span>Not sent: {answer.reason} You can try again.
    </p>
  );
}
