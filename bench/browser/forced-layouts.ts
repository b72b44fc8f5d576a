/**
 * The layouts of a page load, from a Chromium trace: every Layout on the main thread, and which
 * of them script forced (read a size before the frame would have laid the page out: the trace
 * gives those a stack), with the script that forced each. Evidence for issue 22 (the run panes'
 * library forced one at load), not a benchmark figure.
 */
import type { Page } from 'playwright-core';

import { CATEGORIES, traceDuring, type TraceEvent } from './trace-long-tasks';

type Frame = { functionName?: string; url?: string };
type LayoutArgs = { beginData?: { stackTrace?: Frame[] } };

export type ForcedLayout = Readonly<{ cpuMs: number; wallMs: number; by: string }>;
/** CPU time (the thread's own, which a loaded machine does not inflate) of all layouts and of the forced ones. */
export type LayoutSummary = Readonly<{ layouts: number; layoutCpuMs: number; forced: readonly ForcedLayout[] }>;

const STACKS = `${CATEGORIES},disabled-by-default-devtools.timeline.stack`;

export async function traceLayouts(page: Page, during: () => Promise<void>): Promise<LayoutSummary> {
  // Layout runs only on a renderer's main thread; the page may change renderer as it navigates.
  const layouts = (await traceDuring(page, during, STACKS)).filter((e) => e.name === 'Layout' && e.ph === 'X');
  const cpuMs = (e: TraceEvent) => (e.tdur ?? e.dur ?? 0) / 1000;
  const forced = layouts.flatMap((e) => {
    const stack = (e.args as LayoutArgs | undefined)?.beginData?.stackTrace ?? [];
    return stack.length === 0 ? [] : [{ cpuMs: cpuMs(e), wallMs: (e.dur ?? 0) / 1000, by: stack.slice(0, 2).map(frameName).join(' < ') }];
  });
  return { layouts: layouts.length, layoutCpuMs: layouts.reduce((sum, e) => sum + cpuMs(e), 0), forced: forced.sort((a, b) => b.cpuMs - a.cpuMs) };
}

function frameName(frame: Frame): string {
  return `${frame.functionName || '(anonymous)'} ${frame.url?.split('/').pop() ?? ''}`.trim();
}
