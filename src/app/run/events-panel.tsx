/**
 * The run view's lower panel: the event timeline, the duration view of the same run
 * (one bar per node attempt on a time axis), or its model calls (the Calls view). The
 * first two read the shell's node selection, so switching keeps what was selected. The
 * choice is remembered for the tab's later runs.
 */
import { useState, type ReactNode } from 'react';

import { PanelErrorBoundary } from '@/components/ui/panel-error-boundary';
import { TabList } from '@/components/ui/tab-list';

type Tab = 'timeline' | 'durations' | 'calls';

const TABS: readonly (readonly [Tab, string])[] = [
  ['timeline', 'Timeline'],
  ['durations', 'Durations'],
  ['calls', 'Calls'],
];

let remembered: Tab = 'timeline';

export function EventsPanel({ timeline, durations, calls }: { timeline: ReactNode; durations: ReactNode; calls: ReactNode }) {
  const [tab, setTab] = useState<Tab>(remembered);
  const choose = (next: Tab) => {
    remembered = next;
    setTab(next);
  };
  return (
    <div className="flex h-full flex-col">
      <TabList label="Events view" tabs={TABS} selected={tab} onSelect={choose} size="sm" idPrefix="events" className="shrink-0 bg-slate-50 dark:bg-slate-950" />
      {/* The timeline stays mounted (hidden): it keeps its scroll and "follow" state, and
          unmounting its rows beside a big canvas cost ~200 ms per switch (bench 8). */}
      <div role="tabpanel" id="events-panel-timeline" aria-labelledby="events-tab-timeline" hidden={tab !== 'timeline'} className="flex min-h-0 flex-1 flex-col overflow-hidden [&[hidden]]:hidden">
        <PanelErrorBoundary name="timeline">{timeline}</PanelErrorBoundary>
      </div>
      {tab === 'durations' && (
        <div role="tabpanel" id="events-panel-durations" aria-labelledby="events-tab-durations" className="flex min-h-0 flex-1 flex-col overflow-hidden">
          <PanelErrorBoundary name="durations">{durations}</PanelErrorBoundary>
        </div>
      )}
      {tab === 'calls' && (
        <div role="tabpanel" id="events-panel-calls" aria-labelledby="events-tab-calls" className="flex min-h-0 flex-1 flex-col overflow-hidden">
          <PanelErrorBoundary name="calls">{calls}</PanelErrorBoundary>
        </div>
      )}
    </div>
  );
}
