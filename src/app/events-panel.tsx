/**
 * The run view's lower panel: the event timeline, or the duration view of the same run
 * (one bar per node attempt on a time axis). Both read the shell's node selection, so
 * switching keeps what was selected. The choice is remembered for the tab's later runs.
 */
import { useState, type ReactNode } from 'react';

import { PanelErrorBoundary } from '@/components/ui/panel-error-boundary';

type Tab = 'timeline' | 'durations';

const TABS: readonly (readonly [Tab, string])[] = [
  ['timeline', 'Timeline'],
  ['durations', 'Durations'],
];

let remembered: Tab = 'timeline';

export function EventsPanel({ timeline, durations }: { timeline: ReactNode; durations: ReactNode }) {
  const [tab, setTab] = useState<Tab>(remembered);
  const choose = (next: Tab) => {
    remembered = next;
    setTab(next);
  };
  return (
    <div className="flex h-full flex-col">
      <div role="tablist" aria-label="Events view" className="flex shrink-0 border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-950">
        {TABS.map(([id, label]) => (
          <button
            key={id}
            role="tab"
            type="button"
            id={`events-tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`events-panel-${id}`}
            onClick={() => choose(id)}
            className={`px-3 py-1 text-xs ${tab === id ? 'border-b-2 border-sky-600 font-semibold' : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100'}`}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`events-panel-${tab}`} aria-labelledby={`events-tab-${tab}`} className="min-h-0 flex-1">
        <PanelErrorBoundary name={tab}>{tab === 'timeline' ? timeline : durations}</PanelErrorBoundary>
      </div>
    </div>
  );
}
