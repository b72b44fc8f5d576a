import { toDisplayJson } from '@/lib/format-json';

/** The context a gate carries (proposed action, plan, tasks, previous output), as safe text. */
export function GateContext({ context, open = true }: { context: unknown; open?: boolean }) {
  if (context === undefined || context === null) return null;
  const json = toDisplayJson(context, 4_000);
  return (
    <details open={open} className="rounded-md border border-slate-200 dark:border-slate-700">
      <summary className="cursor-pointer px-3 py-1.5 text-xs font-semibold text-slate-600 dark:text-slate-300">Context</summary>
      <pre className="max-h-56 overflow-auto px-3 pb-2 text-xs whitespace-pre-wrap break-words">{json.text}</pre>
      {json.truncated && <p className="px-3 pb-2 text-xs text-slate-500">Shortened for display.</p>}
    </details>
  );
}
