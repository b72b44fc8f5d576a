import { lazy, Suspense } from 'react';

import { loadCostPanel, loadedCostPanel } from '@/app/run/cost-panel-loader';
import { PANEL_LOADING } from '@/app/run/panel-loading';
import { PanelErrorBoundary } from '@/components/ui/panel-error-boundary';
import { preloadable } from '@/components/ui/preloadable';
import { TabList } from '@/components/ui/tab-list';
import { useHasAgentState } from '@/stores/panel-selectors';
import { useRunSession } from '@/stores/run-session';

// Each tab loads when first shown (recharts with the cost tab), so the first paint only waits for the light shell (bench/bundle.ts).
const CostPanel = lazy(() => loadCostPanel().then((component) => ({ default: component })));
// The others are drawn as soon as their code is here, not after a Suspense reveal (up to 300 ms later): preloadable.
const nodeDetails = preloadable(() => import('@/features/inspector/node-details').then((m) => m.NodeDetails), PANEL_LOADING);
const statePanel = preloadable(() => import('@/features/state/state-panel').then((m) => m.StatePanel), PANEL_LOADING);
const diagnosticsPanel = preloadable(() => import('@/features/diagnostics/diagnostics-panel').then((m) => m.DiagnosticsPanel), PANEL_LOADING);

export type SideTab = 'details' | 'cost' | 'state' | 'diagnostics';

const TABS: readonly (readonly [SideTab, string])[] = [
  ['details', 'Node details'],
  ['cost', 'Cost'],
  ['state', 'State'],
  ['diagnostics', 'Diagnostics'],
];
const TABS_WITHOUT_STATE = TABS.filter(([id]) => id !== 'state');

/** Dialects whose protocol carries agent state; for the others the tab appears only once a run sends some. */
const DIALECTS_WITH_STATE: ReadonlySet<string> = new Set(['agui']);

/** The run view's side panel: node details, cost, agent state and diagnostics as tabs. */
export function SidePanel({ tab, onTab, selectedNode, onCloseNode }: { tab: SideTab; onTab: (t: SideTab) => void; selectedNode: string | undefined; onCloseNode: () => void }) {
  const session = useRunSession();
  const hasState = useHasAgentState();
  const tabs = hasState || DIALECTS_WITH_STATE.has(session.dialect.id) || tab === 'state' ? TABS : TABS_WITHOUT_STATE;
  return (
    <div className="flex h-full flex-col bg-white dark:bg-slate-900">
      <TabList label="Side panel" tabs={tabs} selected={tab} onSelect={onTab} />
      <div role="tabpanel" aria-label={TABS.find(([id]) => id === tab)?.[1]} className="min-h-0 flex-1 overflow-auto">
        {tab === 'details' && (
          <PanelErrorBoundary name="node details">
            {selectedNode ? (
              <nodeDetails.Component nodeId={selectedNode} onClose={onCloseNode} />
            ) : (
              <p className="p-4 text-sm text-slate-500 dark:text-slate-400">Select a node on the graph or a row in the timeline to see its details.</p>
            )}
          </PanelErrorBoundary>
        )}
        {tab === 'cost' && (
          <PanelErrorBoundary name="cost">
            <LoadedCostPanel />
          </PanelErrorBoundary>
        )}
        {tab === 'state' && (
          <PanelErrorBoundary name="state">
            <statePanel.Component />
          </PanelErrorBoundary>
        )}
        {tab === 'diagnostics' && (
          <PanelErrorBoundary name="diagnostics">
            <diagnosticsPanel.Component />
          </PanelErrorBoundary>
        )}
      </div>
    </div>
  );
}

function LoadedCostPanel() {
  const Loaded = loadedCostPanel();
  if (Loaded) return <Loaded />;
  return (
    <Suspense fallback={PANEL_LOADING}>
      <CostPanel />
    </Suspense>
  );
}
