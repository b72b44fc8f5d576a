import { useId } from 'react';

import { startOptionApplies, type StartConfig, type StartOption } from '@/protocol/dialect';

type Props = Readonly<{
  options: readonly StartOption[];
  values: StartConfig;
  onChange: (values: StartConfig) => void;
  disabled?: boolean;
}>;

/** Current values: what was chosen, else each option's default. */
export function withDefaults(options: readonly StartOption[], chosen: StartConfig): StartConfig {
  return Object.fromEntries(options.map((o) => [o.id, chosen[o.id] ?? o.default]));
}

/**
 * The settings a backend defines for a new run (MARS's mode and its options), shown only
 * where they apply to what is chosen; a choice's explanation is shown under it.
 */
export function StartOptionsFields({ options, values, onChange, disabled = false }: Props) {
  const current = withDefaults(options, values);
  const shown = options.filter((o) => startOptionApplies(o, current));
  return (
    <fieldset className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-2 dark:border-slate-700" disabled={disabled}>
      <legend className="px-1 text-xs font-semibold text-slate-600 dark:text-slate-300">Run settings</legend>
      {shown.map((option) => (
        <OptionField key={option.id} option={option} value={current[option.id] ?? option.default} onChange={(v) => onChange({ ...values, [option.id]: v })} />
      ))}
    </fieldset>
  );
}

const FIELD = 'rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-800';
const LABEL = 'text-xs font-semibold text-slate-600 dark:text-slate-300';

function OptionField({ option, value, onChange }: { option: StartOption; value: string | number | boolean; onChange: (v: string | number | boolean) => void }) {
  const id = useId();
  if (option.kind === 'boolean') {
    return (
      <span className="flex items-center gap-2 self-end text-sm">
        <input id={id} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
        <label htmlFor={id}>{option.label}</label>
      </span>
    );
  }
  const help = option.kind === 'choice' ? option.choices?.find((c) => c.value === value)?.help : option.help;
  const wide = option.id === 'mode' ? 'sm:col-span-2' : '';
  return (
    <div className={`flex flex-col gap-1 ${wide}`}>
      <label htmlFor={id} className={LABEL}>{option.label}</label>
      {option.kind === 'choice' ? (
        <select id={id} value={String(value)} onChange={(e) => onChange(e.target.value)} className={FIELD} aria-describedby={help ? `${id}-help` : undefined}>
          {option.choices?.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
        </select>
      ) : (
        <input
          id={id}
          type={option.kind === 'number' ? 'number' : 'text'}
          value={String(value)}
          {...(option.min !== undefined ? { min: option.min } : {})}
          {...(option.max !== undefined ? { max: option.max } : {})}
          onChange={(e) => onChange(option.kind === 'number' ? clamp(option, e.target.valueAsNumber) : e.target.value)}
          className={FIELD}
          aria-describedby={help ? `${id}-help` : undefined}
        />
      )}
      {help && <p id={`${id}-help`} className="text-xs text-slate-600 dark:text-slate-400">{help}</p>}
    </div>
  );
}

function clamp(option: StartOption, n: number): number {
  const fallback = typeof option.default === 'number' ? option.default : 0;
  if (!Number.isFinite(n)) return fallback;
  return Math.min(option.max ?? n, Math.max(option.min ?? n, Math.round(n)));
}
