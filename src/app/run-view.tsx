import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Group, Panel, Separator } from 'react-resizable-panels';

import { downloadText } from '@/lib/download-text';
import { GateCenter } from '@/app/gate-center';
import { RunSwitcher } from '@/app/run-switcher';
import { ShortcutHelp } from '@/app/shortcut-help';
import { useGlobalShortcuts } from '@/app/use-global-shortcuts';
import { withFocus, type Focus } from '@/app/url-contract';
import { Button } from '@/components/ui/button';
import { PanelErrorBoundary } from '@/components/ui/panel-error-boundary';
import { TabList } from '@/components/ui/tab-list';
import { RunSessionContext, type RunSession } from '@/stores/run-session';

import { RunControls } from '@/features/control/run-controls';
import { DiagnosticsPanel } from '@/features/diagnostics/diagnostics-panel';
import { ConnectionStatus } from '@/features/health/connection-status';
import { NodeDetails } from '@/features/inspector/node-details';
import { RunHeader } from '@/features/run-header/run-header';
import { Timeline } from '@/features/timeline/timeline';

import { EventsPanel } from '@/app/events-panel';

// Heavy panels load on their own (React Flow + dagre; recharts), so the first paint only
// waits for the light shell: the initial-JS budget of issue 8 (bench/bundle.ts measures it).
const RunCanvas = lazy(() => import('@/features/canvas/run-canvas').then((m) => ({ default: m.RunCanvas })));
const DurationView = lazy(() => import('@/features/durations/duration-view').then((m) => ({ default: m.DurationView })));
const CostPanel = lazy(() => import('@/features/cost/cost-panel').then((m) => ({ default: m.CostPanel })));
const PANEL_LOADING = <p className="p-4 text-sm text-slate-500">Loading…</p>;

type SideTab = 'details' | 'cost' | 'diagnostics';

type Props = Readonly<{ session: RunSession; focus: Focus; navigate: (search: string, replace?: boolean) => void; extraBar?: React.ReactNode }>;

/** The operator's screen for one run: header, canvas, timeline, and a side panel. */
export function RunView({ session, focus, navigate, extraBar }: Props) {
  const [selectedNode, setSelectedNode] = useState<string | undefined>(focus.node);
  const [selectedRow, setSelectedRow] = useState<number | undefined>(focus.event);
  const [tab, setTab] = useState<SideTab>(focus.node ? 'details' : 'cost');
  const [help, setHelp] = useState(false);

  const selectNode = useCallback(
    (nodeId: string | undefined) => {
      setSelectedNode(nodeId);
      if (nodeId) setTab('details');
      navigate(withFocus(window.location.search, { ...(nodeId ? { node: nodeId } : {}) }), true);
    },
    [navigate],
  );
  const selectRow = useCallback(
    (row: number) => {
      setSelectedRow(row);
      navigate(withFocus(window.location.search, { event: row, ...(selectedNode ? { node: selectedNode } : {}) }), true);
    },
    [navigate, selectedNode],
  );
  const shortcuts = useMemo(() => ({ help: () => setHelp(true), closeDetails: () => setSelectedNode(undefined) }), []);
  useGlobalShortcuts(shortcuts);

  const exportRecording = () => downloadText(session.exportRecording(), `runboard-${session.dialect.id}-${session.runId}.jsonl`);

  return (
    <RunSessionContext.Provider value={session}>
      <div className="flex h-full flex-col">
        <nav aria-label="Runboard" className="flex items-center gap-3 border-b border-slate-200 bg-slate-100 px-4 py-1.5 dark:border-slate-800 dark:bg-slate-950">
          <a href="/" className="text-sm font-bold tracking-tight">Runboard</a>
          <RunSwitcher current={session} navigate={navigate} />
          <div className="ml-auto flex items-center gap-2">
            <ConnectionStatus />
            <GateCenter activeSession={session} />
            <Button size="sm" onClick={exportRecording} title="Download this run's frames as a JSON Lines recording (no tokens)">
              Export recording
            </Button>
            <Button size="sm" variant="ghost" aria-label="Keyboard shortcuts" onClick={() => setHelp(true)}>?</Button>
          </div>
        </nav>
        <RunHeader actions={<RunControls />} />
        {extraBar}
        <Group orientation="horizontal" className="min-h-0 flex-1">
          <Panel defaultSize="64" minSize="30">
            <Group orientation="vertical">
              <Panel defaultSize="58" minSize="20">
                <PanelErrorBoundary name="graph">
                  <Suspense fallback={PANEL_LOADING}>
                    <RunCanvas selectedNodeId={selectedNode} onSelectNode={selectNode} />
                  </Suspense>
                </PanelErrorBoundary>
              </Panel>
              <Separator className="h-1.5 bg-slate-200 hover:bg-sky-400 dark:bg-slate-800" />
              <Panel defaultSize="42" minSize="15">
                <EventsPanel
                  timeline={<Timeline selectedNodeId={selectedNode} selectedRow={selectedRow} onSelectRow={selectRow} onSelectNode={selectNode} />}
                  durations={
                    <Suspense fallback={PANEL_LOADING}>
                      <DurationView selectedNodeId={selectedNode} onSelectNode={selectNode} />
                    </Suspense>
                  }
                />
              </Panel>
            </Group>
          </Panel>
          <Separator className="w-1.5 bg-slate-200 hover:bg-sky-400 dark:bg-slate-800" />
          <Panel defaultSize="36" minSize="20">
            <SidePanel tab={tab} onTab={setTab} selectedNode={selectedNode} onCloseNode={() => selectNode(undefined)} />
          </Panel>
        </Group>
      </div>
      <ShortcutHelp open={help} onOpenChange={setHelp} />
    </RunSessionContext.Provider>
  );
}

const TABS: readonly (readonly [SideTab, string])[] = [
  ['details', 'Node details'],
  ['cost', 'Cost'],
  ['diagnostics', 'Diagnostics'],
];

function SidePanel({ tab, onTab, selectedNode, onCloseNode }: { tab: SideTab; onTab: (t: SideTab) => void; selectedNode: string | undefined; onCloseNode: () => void }) {
  return (
    <div className="flex h-full flex-col bg-white dark:bg-slate-900">
      <TabList label="Side panel" tabs={TABS} selected={tab} onSelect={onTab} />
      <div role="tabpanel" aria-label={TABS.find(([id]) => id === tab)?.[1]} className="min-h-0 flex-1 overflow-auto">
        {tab === 'details' && (
          <PanelErrorBoundary name="node details">
            {selectedNode ? (
              <NodeDetails nodeId={selectedNode} onClose={onCloseNode} />
            ) : (
              <p className="p-4 text-sm text-slate-500">Select a node on the graph or a row in the timeline to see its details.</p>
            )}
          </PanelErrorBoundary>
        )}
        {tab === 'cost' && (
          <PanelErrorBoundary name="cost">
            <Suspense fallback={PANEL_LOADING}>
              <CostPanel />
            </Suspense>
          </PanelErrorBoundary>
        )}
        {tab === 'diagnostics' && (
          <PanelErrorBoundary name="diagnostics">
            <DiagnosticsPanel />
          </PanelErrorBoundary>
        )}
      </div>
    </div>
  );
}
