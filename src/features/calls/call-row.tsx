/**
 * One model call: a summary line (a button that opens and closes it) and, opened, its
 * prompt, reasoning and response as plain text with Copy buttons. Columns the protocol never
 * carries are left out by the caller (`shown`); a value one call lacks reads "not stated".
 */
import type { CallField } from '@/protocol/dialect';
import { cn } from '@/lib/cn';
import type { LlmCall } from '@/stores/llm-calls';

import { CallText } from '@/features/calls/call-text';
import { costText, latencyText, latencyTitle, NOT_STATED, tokensText } from '@/features/calls/call-cells';

export const CALL_COLUMNS = 'grid grid-cols-[2.5rem_minmax(6rem,1fr)_minmax(6rem,11rem)_9.5rem_5.5rem_7rem] items-center gap-2';

type Props = Readonly<{
  call: LlmCall;
  step: string;
  shown: ReadonlySet<CallField>;
  open: boolean;
  onToggle: () => void;
}>;

export function CallRow({ call, step, shown, open, onToggle }: Props) {
  const texts = ([['prompt', 'Prompt', call.prompt], ['reasoning', 'Reasoning', call.reasoning], ['response', 'Response', call.response]] as const).filter(
    ([field, , text]) => shown.has(field) && text !== undefined,
  );
  const muted = (text: string) => (text === NOT_STATED || text === 'no cost reported' ? 'text-slate-500 dark:text-slate-400' : '');
  return (
    <div className="border-b border-slate-100 px-2 py-1 text-xs dark:border-slate-800">
      <button type="button" aria-expanded={open} onClick={onToggle} className={cn(CALL_COLUMNS, 'w-full rounded text-left hover:bg-slate-50 dark:hover:bg-slate-800/60')}>
        <span className="tabular-nums text-slate-500 dark:text-slate-400">
          <span aria-hidden="true">{open ? '▾' : '▸'}</span> {call.index + 1}
        </span>
        <span className="truncate" title={step}>{step}</span>
        <span className={cn('truncate font-mono', muted(call.model ?? NOT_STATED))}>{shown.has('model') ? (call.model ?? NOT_STATED) : ''}</span>
        <span className={cn('tabular-nums', muted(tokensText(call)))}>{shown.has('tokens') ? tokensText(call) : ''}</span>
        <span className={cn('tabular-nums', muted(latencyText(call)))} title={latencyTitle(call)}>{shown.has('latency') ? latencyText(call) : ''}</span>
        <span className={cn('tabular-nums', muted(costText(call.micros, call.currency)))}>{shown.has('cost') ? costText(call.micros, call.currency) : ''}</span>
      </button>
      {open && (
        <div className="pb-2 pl-10 pr-2">
          {texts.length === 0 ? <p className="mt-1 text-slate-600 dark:text-slate-400">This call came with no text: its stream reported only its usage.</p> : texts.map(([field, label, text]) => <CallText key={field} label={label} text={text ?? ''} />)}
        </div>
      )}
    </div>
  );
}
