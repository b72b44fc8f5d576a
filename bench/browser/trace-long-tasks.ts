/**
 * A Chromium performance trace of the page while `during` runs, cut down to its long
 * tasks: every main-thread task over 50 ms with where its time went (script by function,
 * style, layout, paint, garbage collection…). The CPU profile (cpu-profile.ts) cannot see
 * rendering work; the trace can. Evidence for issue 15, not a benchmark figure.
 */
import type { Page } from 'playwright-core';

export type TraceEvent = { name: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; args?: { data?: { functionName?: string; url?: string } } };

/** `atMs`: when the task began, from the first main-thread task of the trace. */
export type TracedTask = Readonly<{ ms: number; atMs: number; parts: readonly (readonly [string, number])[] }>;

export const CATEGORIES = 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing';

export async function traceLongTasks(page: Page, during: () => Promise<void>, thresholdMs = 50): Promise<TracedTask[]> {
  return breakDown(await traceDuring(page, during), thresholdMs);
}

/**
 * Every main-thread task of the trace: wall time, and the thread's own CPU time (`tdur`),
 * which a loaded machine does not inflate by descheduling the renderer mid-task.
 */
export async function traceTasks(page: Page, during: () => Promise<void>, heavyCpuMs = 30): Promise<{ tasks: { wallMs: number; cpuMs: number }[]; heavy: TracedTask[] }> {
  const events = await traceDuring(page, during);
  const tasks = mainThread(events)
    .filter((e) => e.name === 'RunTask')
    .map((e) => ({ wallMs: (e.dur ?? 0) / 1000, cpuMs: (e.tdur ?? e.dur ?? 0) / 1000 }));
  return { tasks, heavy: breakDown(events, heavyCpuMs, 'tdur') };
}

/** Every trace event while `during` runs, of the given categories. */
export async function traceDuring(page: Page, during: () => Promise<void>, categories = CATEGORIES): Promise<TraceEvent[]> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  // playwright-core types CDP events by protocol name; these two are tracing's.
  const on = cdp.on.bind(cdp) as unknown as (event: string, listener: (message: { value: TraceEvent[] }) => void) => void;
  on('Tracing.dataCollected', (message) => events.push(...message.value));
  const done = new Promise<void>((resolve) => on('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { categories, transferMode: 'ReportEvents' });
  await during();
  await cdp.send('Tracing.end');
  await done;
  await cdp.detach();
  return events;
}

function mainThread(events: readonly TraceEvent[]): TraceEvent[] {
  const main = events.find((e) => e.name === 'thread_name' && (e.args as { name?: string } | undefined)?.name === 'CrRendererMain');
  return events.filter((e) => e.ph === 'X' && e.dur !== undefined && (!main || (e.pid === main.pid && e.tid === main.tid)));
}

/** Tasks over `thresholdMs` with their parts, timed by wall clock (`dur`) or the thread's CPU time (`tdur`). */
function breakDown(events: readonly TraceEvent[], thresholdMs: number, clock: 'dur' | 'tdur' = 'dur'): TracedTask[] {
  const onMain = mainThread(events);
  const took = (e: TraceEvent) => (clock === 'tdur' ? (e.tdur ?? e.dur ?? 0) : (e.dur ?? 0)) / 1000;
  const tasks = onMain.filter((e) => e.name === 'RunTask' && took(e) > thresholdMs);
  const origin = onMain.find((e) => e.name === 'RunTask')?.ts ?? 0;
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const parts = new Map<string, number>();
    for (const e of onMain) {
      if (e === task || e.ts < task.ts || e.ts >= end || e.name === 'RunTask') continue;
      const key = e.name === 'FunctionCall' ? `script ${e.args?.data?.functionName || '(anonymous)'} ${e.args?.data?.url?.split('/').pop() ?? ''}`.trim() : e.name;
      if (!LEAF_OR_TOP.has(e.name)) continue;
      parts.set(key, (parts.get(key) ?? 0) + took(e));
    }
    return { ms: took(task), atMs: (task.ts - origin) / 1000, parts: [...parts].sort((a, b) => b[1] - a[1]).slice(0, 10) };
  });
}

/** Top-level kinds of main-thread work (nested ones would count twice). */
const LEAF_OR_TOP = new Set([
  'FunctionCall',
  'EvaluateScript',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
  'MajorGC',
  'MinorGC',
  'ParseHTML',
  'HitTest',
  'IntersectionObserverController::computeIntersections',
  'ResizeObserverController::GatherAndDeliverObservations',
]);

/**
 * Main-thread time while `during` runs, by the thread's CPU time (a loaded machine does not
 * inflate it), in all (`tasksMs`) and summed by kind of work (script by function, style,
 * layout, paint…), heaviest first.
 */
export async function traceTotals(page: Page, during: () => Promise<void>): Promise<{ tasksMs: number; parts: [string, number][] }> {
  const events = await traceDuring(page, during);
  const totals = new Map<string, number>();
  const tasks = breakDown(events, 0, 'tdur');
  for (const task of tasks) for (const [kind, ms] of task.parts) totals.set(kind, (totals.get(kind) ?? 0) + ms);
  return { tasksMs: tasks.reduce((sum, task) => sum + task.ms, 0), parts: [...totals].sort((a, b) => b[1] - a[1]) };
}
