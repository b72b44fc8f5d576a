/**
 * The Calls view: one row per model call of the run (the calls projection), with its step,
 * model, tokens, latency and cost, and its prompt, reasoning and response when opened.
 * Filtered by step and by text, sorted by order, cost or latency, totalled per model.
 * Columns the protocol never carries are left out and said above the list. Rows are
 * virtualised (measured, since an opened row is taller), so thousands of calls stay light.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';

import { CALL_COVERAGE } from '@/protocol/call-coverage';
import type { CallField } from '@/protocol/dialect';
import type { LlmCall } from '@/stores/llm-calls';
import { useGraphState } from '@/stores/panel-selectors';
import { useRunSession } from '@/stores/run-session';

import { CallRow } from '@/features/calls/call-row';
import { CallsHeader } from '@/features/calls/calls-header';
import { filterCalls, sortCalls, totalsByModel, type CallSort } from '@/features/calls/calls-model';
import { CallsToolbar } from '@/features/calls/calls-toolbar';
import { ModelTotals } from '@/features/calls/model-totals';
import { useCalls } from '@/features/calls/use-calls';

const FIELDS: readonly CallField[] = ['model', 'tokens', 'cost', 'latency', 'prompt', 'reasoning', 'response'];
const ROW_HEIGHT = 30;

const hasField = (call: LlmCall, field: CallField): boolean =>
  field === 'tokens' ? call.inputTokens !== undefined || call.outputTokens !== undefined || call.unsplitTokens !== undefined : field === 'cost' ? call.micros !== undefined : field === 'latency' ? call.latencyMs !== undefined : call[field] !== undefined;

export function CallsView() {
  const session = useRunSession();
  const calls = useCalls();
  const graph = useGraphState();
  const [step, setStep] = useState('');
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<CallSort>({ by: 'order', descending: false });
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const coverage = CALL_COVERAGE[session.dialect.id];
  // A part the protocol does not carry is left out, unless this run carries it anyway (an extension event).
  const shown = useMemo(() => new Set(FIELDS.filter((f) => coverage.lacks[f] === undefined || calls.some((c) => hasField(c, f)))), [coverage, calls]);
  const labelOf = useMemo(() => (id: string) => graph.nodes[id]?.label ?? id, [graph]);
  const steps = useMemo(() => [...new Set(calls.flatMap((c) => (c.nodeId === undefined ? [] : [c.nodeId])))].map((id) => [id, labelOf(id)] as const), [calls, labelOf]);
  const visible = useMemo(() => sortCalls(filterCalls(calls, step || undefined, query, labelOf), sort), [calls, step, query, sort, labelOf]);
  const totals = useMemo(() => totalsByModel(filterCalls(calls, step || undefined, '', labelOf)), [calls, step, labelOf]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: visible.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 8, initialRect: { width: 800, height: 400 } });
  const toggle = (index: number) => setOpen((prev) => {
    const next = new Set(prev);
    if (!next.delete(index)) next.add(index);
    return next;
  });

  return (
    <div className="flex h-full min-h-0 flex-col">
      <CallsToolbar steps={steps} step={step} onStep={setStep} query={query} onQuery={setQuery} coverage={coverage} shown={shown} dialectLabel={session.dialect.label} />
      {calls.length === 0 ? (
        <p className="p-4 text-sm text-slate-600 dark:text-slate-400">No model calls in this run yet. {coverage.carries}</p>
      ) : (
        <>
          <div className="max-h-32 shrink-0 overflow-auto border-b border-slate-200 dark:border-slate-800">
            <ModelTotals totals={totals} shown={shown} />
          </div>
          <CallsHeader shown={shown} sort={sort} onSort={setSort} count={visible.length} total={calls.length} />
          <div ref={scrollRef} role="list" aria-label="Model calls" className="min-h-0 flex-1 overflow-auto">
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((item) => {
                const call = visible[item.index];
                if (!call) return null;
                return (
                  <div key={call.index} role="listitem" data-index={item.index} ref={virtualizer.measureElement} style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}>
                    <CallRow call={call} step={call.nodeId === undefined ? 'the run' : labelOf(call.nodeId)} shown={shown} open={open.has(call.index)} onToggle={() => toggle(call.index)} />
                  </div>
                );
              })}
            </div>
            {visible.length === 0 && <p className="p-4 text-sm text-slate-600 dark:text-slate-400">No call matches.</p>}
          </div>
        </>
      )}
    </div>
  );
}
