import { useCallback, useMemo, useState } from 'react';

import { EventsPanel } from '@/app/run/events-panel';
import { GateCenter } from '@/app/run/gate-center';
import { useRunNotFound } from '@/app/run/run-not-found';
import { RunPanels } from '@/app/run/run-panels';
import { RunSwitcher } from '@/app/run/run-switcher';
import { PAGE_LOADING, PANEL_LOADING } from '@/app/run/panel-loading';
import { runCanvas } from '@/app/run/run-canvas-loader';
import { SidePanel, type SideTab } from '@/app/run/side-panel';
import { useFocusRescue } from '@/app/use-focus-rescue';
import { useGlobalShortcuts } from '@/app/use-global-shortcuts';
import { withFocus, type Focus } from '@/app/url-contract';
import { Button } from '@/components/ui/button';
import { DownloadButton } from '@/components/ui/download-button';
import { MountOnceOpened } from '@/components/ui/mount-once-opened';
import { preloadable } from '@/components/ui/preloadable';
import { PanelErrorBoundary } from '@/components/ui/panel-error-boundary';
import { RunSessionContext, type RunSession } from '@/stores/run-session';

import { RunControls } from '@/features/control/run-controls';
import { ConnectionStatus } from '@/features/health/connection-status';
import { ExportOtlpButton } from '@/features/otlp-export/export-otlp-button';
import { RunHeader } from '@/features/run-header/run-header';
import { Timeline } from '@/features/timeline/timeline';

// Heavy panels load on their own (React Flow + dagre: run-canvas-loader.ts; recharts in side-panel.tsx), so
// the first paint only waits for the light shell: the initial-JS budget of issue 8 (bench/bundle.ts measures it).
// All through preloadable: drawn as soon as their code is here, not after a Suspense reveal (up to 300 ms later).
const compareWithDialog = preloadable(() => import('@/app/compare/compare-with-dialog').then((m) => m.CompareWithDialog), null);
const durationView = preloadable(() => import('@/features/durations/duration-view').then((m) => m.DurationView), PANEL_LOADING);
const shortcutHelp = preloadable(() => import('@/app/shortcut-help').then((m) => m.ShortcutHelp), null);
// Said only when a link names no run the backend has.
const runNotFound = preloadable(() => import('@/app/run/no-such-run').then((m) => m.RunNotFound), PAGE_LOADING);
const callsView = preloadable(() => import('@/features/calls/calls-view').then((m) => m.CallsView), PANEL_LOADING);

/** Where focus goes when nothing it was on is left: the timeline list's Tab stop, else its search box. */
const focusFallback = () =>
  document.querySelector<HTMLElement>('[data-testid="timeline-scroll"] [tabindex="0"]') ??
  document.querySelector<HTMLElement>('input[aria-label="Search timeline"]');

type Props = Readonly<{ session: RunSession; focus: Focus; navigate: (search: string, replace?: boolean) => void; extraBar?: React.ReactNode }>;

/** The operator's screen for one run: header, canvas, timeline, and a side panel. */
export function RunView({ session, focus, navigate, extraBar }: Props) {
  const [selectedNode, setSelectedNode] = useState<string | undefined>(focus.node);
  const [selectedRow, setSelectedRow] = useState<number | undefined>(focus.event);
  const [tab, setTab] = useState<SideTab>(focus.node ? 'details' : 'cost');
  const [help, setHelp] = useState(false);
  const [comparing, setComparing] = useState(false);

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
  useFocusRescue(focusFallback);

  const notFound = useRunNotFound(session);
  // The keyframed form (opens faster); the session engine is imported on click, not with the run screen.
  const buildRecording = async () => {
    const { recordingForDownload } = await import('@/session');
    return { text: await recordingForDownload(session), fileName: `runboard-${session.dialect.id}-${session.runId}.jsonl` };
  };

  return (
    <RunSessionContext.Provider value={session}>
      <div className="flex h-full flex-col">
        <nav aria-label="Runboard" className="flex items-center gap-3 border-b border-slate-200 bg-slate-100 px-4 py-1.5 dark:border-slate-800 dark:bg-slate-950">
          <a href="/" className="text-sm font-bold tracking-tight">Runboard</a>
          <RunSwitcher current={session} navigate={navigate} />
          {/* The status's detail gives way (it truncates, whole in its tooltip); the buttons never wrap or leave the window. */}
          <div className="ml-auto flex min-w-0 items-center gap-2">
            {/* Not a run: no stream state to tell (a gateway may hold a stream open for an unknown id). */}
            {notFound === undefined && <ConnectionStatus />}
            <div className="flex shrink-0 items-center gap-2 whitespace-nowrap">
              <GateCenter activeSession={session} />
              <Button size="sm" onClick={() => setComparing(true)} title="Compare this run with another run or a recording">Compare with…</Button>
              <DownloadButton label="Export recording" busyLabel="Preparing recording…" failure="Recording export failed" title="Download this run's frames as a JSON Lines recording (no tokens)" build={buildRecording} />
              <ExportOtlpButton />
              <Button size="sm" variant="ghost" aria-label="Keyboard shortcuts" aria-keyshortcuts="?" onClick={() => setHelp(true)}>?</Button>
            </div>
          </div>
        </nav>
        {notFound === undefined && <RunHeader actions={<RunControls />} />}
        {extraBar}
        {notFound !== undefined ? <runNotFound.Component session={session} reason={notFound} /> : <RunPanels
          canvas={
            <PanelErrorBoundary name="graph">
              <runCanvas.Component selectedNodeId={selectedNode} onSelectNode={selectNode} />
            </PanelErrorBoundary>
          }
          timeline={
            <EventsPanel
              timeline={<Timeline className="h-full" selectedNodeId={selectedNode} selectedRow={selectedRow} onSelectRow={selectRow} onSelectNode={selectNode} />}
              durations={
                <durationView.Component selectedNodeId={selectedNode} onSelectNode={selectNode} />
              }
              calls={
                <callsView.Component />
              }
            />
          }
          side={<SidePanel tab={tab} onTab={setTab} selectedNode={selectedNode} onCloseNode={() => selectNode(undefined)} />}
        />}
      </div>
      {comparing && <compareWithDialog.Component currentSearch={window.location.search} onClose={() => setComparing(false)} navigate={navigate} />}
      <MountOnceOpened opened={help} name="shortcut help">
        <shortcutHelp.Component open={help} onOpenChange={setHelp} replay={session.mode === 'replay'} />
      </MountOnceOpened>
    </RunSessionContext.Provider>
  );
}
