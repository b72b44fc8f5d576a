/**
 * Lists the fan-out groups the person expanded, each with a Collapse button
 * (aria-expanded="true"), so every group can be folded back from the keyboard. A
 * collapsed group's own box carries the matching Expand button (nodes/group-node.tsx).
 */
import { Panel } from '@xyflow/react';

import type { GroupInfo } from '@/features/canvas/layout/layout-types';

type Props = Readonly<{
  groups: readonly GroupInfo[];
  overrides: Readonly<Record<string, boolean>>;
  onCollapse: (groupKey: string) => void;
}>;

/** Groups open because they are small (≤ 5, the default) are not listed unless the person opened them. */
const LIST_ABOVE = 5;

export function ExpandedGroupsPanel({ groups, overrides, onCollapse }: Props) {
  const expanded = groups.filter((g) => !g.collapsed && (overrides[g.key] === true || g.memberIds.length > LIST_ABOVE));
  if (expanded.length === 0) return null;
  return (
    <Panel position="top-left">
      <section
        aria-label="Expanded groups"
        className="max-h-48 overflow-auto rounded-md border border-slate-300 bg-white/90 p-1.5 text-xs shadow dark:border-slate-700 dark:bg-slate-900/90"
      >
        <ul className="flex flex-col gap-1">
          {expanded.map((g) => (
            <li key={g.key} className="flex items-center gap-2">
              <span className="truncate">{g.label} ({g.memberIds.length})</span>
              <button
                type="button"
                aria-expanded={true}
                aria-label={`Collapse ${g.label} (${g.memberIds.length} parallel steps)`}
                onClick={() => onCollapse(g.key)}
                className="ml-auto rounded border border-slate-400 px-1.5 py-0.5 hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                Collapse
              </button>
            </li>
          ))}
        </ul>
      </section>
    </Panel>
  );
}
