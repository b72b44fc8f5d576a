import type { ReactNode } from 'react';
import { Group, Panel, Separator } from 'react-resizable-panels';

import { useMediaQuery } from '@/app/use-media-query';

/** From this width the graph gets the full width (see RunPanels). */
export const WIDE_QUERY = '(min-width: 1600px)';

const H_SEPARATOR = 'w-1.5 bg-slate-200 hover:bg-sky-400 dark:bg-slate-800';
const V_SEPARATOR = 'h-1.5 bg-slate-200 hover:bg-sky-400 dark:bg-slate-800';

type Props = Readonly<{ canvas: ReactNode; timeline: ReactNode; side: ReactNode }>;

/**
 * The run view's resizable panes. Up to 1600 px: the graph over the timeline, the side
 * panel beside them. Wider: the graph across the whole width (run graphs are wide: they
 * flow left to right), and under it the timeline beside the side panel, each with room to
 * spare — a 1920 px screen no longer shows a graph strip beside an empty side panel.
 */
export function RunPanels({ canvas, timeline, side }: Props) {
  const wide = useMediaQuery(WIDE_QUERY);
  if (wide) {
    return (
      <Group orientation="vertical" className="min-h-0 flex-1">
        <Panel defaultSize="48" minSize="20">{canvas}</Panel>
        <Separator className={V_SEPARATOR} />
        <Panel defaultSize="52" minSize="20">
          <Group orientation="horizontal">
            <Panel defaultSize="62" minSize="30">{timeline}</Panel>
            <Separator className={H_SEPARATOR} />
            <Panel defaultSize="38" minSize="20">{side}</Panel>
          </Group>
        </Panel>
      </Group>
    );
  }
  return (
    <Group orientation="horizontal" className="min-h-0 flex-1">
      <Panel defaultSize="64" minSize="30">
        <Group orientation="vertical">
          <Panel defaultSize="58" minSize="20">{canvas}</Panel>
          <Separator className={V_SEPARATOR} />
          <Panel defaultSize="42" minSize="15">{timeline}</Panel>
        </Group>
      </Panel>
      <Separator className={H_SEPARATOR} />
      <Panel defaultSize="36" minSize="20">{side}</Panel>
    </Group>
  );
}
