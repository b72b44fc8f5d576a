import type { ReactNode } from 'react';

import { SplitPanes } from '@/components/ui/split-panes';
import { useMediaQuery } from '@/app/use-media-query';

/** From this width the graph gets the full width (see RunPanels). */
export const WIDE_QUERY = '(min-width: 1600px)';

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
      <SplitPanes
        orientation="vertical"
        className="min-h-0 flex-1"
        defaultSize={48}
        minSizes={[20, 20]}
        label="Resize the graph"
        first={canvas}
        second={<SplitPanes orientation="horizontal" defaultSize={62} minSizes={[30, 20]} label="Resize the side panel" first={timeline} second={side} />}
      />
    );
  }
  return (
    <SplitPanes
      orientation="horizontal"
      className="min-h-0 flex-1"
      defaultSize={64}
      minSizes={[30, 20]}
      label="Resize the side panel"
      first={<SplitPanes orientation="vertical" defaultSize={58} minSizes={[20, 15]} label="Resize the graph" first={canvas} second={timeline} />}
      second={side}
    />
  );
}
