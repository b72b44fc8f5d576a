import { useEffect, useId, useRef, useState } from 'react';

import type { GateOption } from '@/protocol/run-event';

import { Button } from '@/components/ui/button';
import type { AnswerState } from '@/stores/gate-answer-store';
import { optionTurnsDown } from '@/stores/gate-verdict';
import type { GateState } from '@/stores/run-types';

import { ConfirmTurnDown } from '@/features/gates/confirm-turn-down';
import { GateSchemaAnswer } from '@/features/gates/schema/gate-schema-answer';

const TONE_VARIANT = { approve: 'primary', reject: 'danger', neutral: 'secondary' } as const;

type Props = Readonly<{
  gate: GateState;
  answer: AnswerState | undefined;
  /** `payload`: the structured answer a gate's response schema asked for. */
  onAnswer: (option: GateOption | undefined, text: string, payload?: unknown) => void;
}>;

/**
 * One button per option (named by its label), a text box when the gate takes text, and the
 * send state. An option that turns work down (reject, skip, cancel) is confirmed first:
 * it says what it does and nothing is sent until "Confirm" is pressed.
 */
export function GateAnswerControls({ gate, answer, onAnswer }: Props) {
  const [text, setText] = useState('');
  const [confirming, setConfirming] = useState<GateOption>();
  const textId = useId();
  const buttons = useRef<HTMLDivElement>(null);
  // "Back" from the confirmation returns focus to the option it was about.
  const returnTo = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (confirming || returnTo.current === undefined) return;
    buttons.current?.querySelector<HTMLElement>(`[data-option="${CSS.escape(returnTo.current)}"]`)?.focus();
    returnTo.current = undefined;
  }, [confirming]);
  const locked = answer?.phase === 'sending' || answer?.phase === 'sent';
  if (!gate.answerable) {
    return (
      <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        <span className="font-semibold">Pending — cannot be answered from Runboard. </span>
        {gate.unanswerableReason}
      </p>
    );
  }
  if (confirming) {
    return (
      <ConfirmTurnDown
        option={confirming}
        locked={locked}
        onBack={() => {
          returnTo.current = confirming.value;
          setConfirming(undefined);
        }}
        onConfirm={() => onAnswer(confirming, text)}
      />
    );
  }
  const choose = (option: GateOption) => (optionTurnsDown(option) ? setConfirming(option) : onAnswer(option, text));
  if (gate.schema !== undefined) return <SchemaAnswer gate={gate} answer={answer} locked={locked} onAnswer={onAnswer} choose={choose} />;
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
      <div ref={buttons} className="flex flex-wrap gap-2">
        {gate.options.map((option) => (
          <Button key={option.value} data-option={option.value} variant={TONE_VARIANT[option.tone ?? 'neutral']} disabled={locked} onClick={() => choose(option)}>
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

type SchemaAnswerProps = Readonly<{ gate: GateState; answer: AnswerState | undefined; locked: boolean; onAnswer: Props['onAnswer']; choose: (option: GateOption) => void }>;

/**
 * A gate with a response schema is answered by the form built from it (its first
 * approve-like option sends the form's value); the options that turn it down stay buttons
 * (confirmed first). No free text: a framework that asked for `{approved: boolean}` fails
 * or loops on anything else.
 */
function SchemaAnswer({ gate, answer, locked, onAnswer, choose }: SchemaAnswerProps) {
  const send = gate.options.find((option) => !optionTurnsDown(option));
  const others = gate.options.filter((option) => option !== send);
  return (
    <div className="flex flex-col gap-3">
      <GateSchemaAnswer schema={gate.schema} locked={locked} submitLabel="Send answer" onSubmit={(payload) => onAnswer(send, '', payload)} />
      {others.length > 0 && (
        <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 pt-3 dark:border-slate-700">
          <span className="text-xs text-slate-600 dark:text-slate-300">Or, instead of answering:</span>
          {others.map((option) => (
            <Button key={option.value} data-option={option.value} variant={TONE_VARIANT[option.tone ?? 'neutral']} disabled={locked} onClick={() => choose(option)}>
              {option.label}
            </Button>
          ))}
        </div>
      )}
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
