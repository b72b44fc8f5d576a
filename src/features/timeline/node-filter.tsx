/**
 * The timeline's Node filter: an editable combobox with a list of matches (the WAI-ARIA
 * "combobox with list autocomplete" pattern), not a <select>. Typing narrows the list by
 * label or id; the list holds at most MAX_CHOICES options, so a 10,000-node graph costs
 * the same few dozen elements as a small one (match-nodes.ts says why). The filter changes
 * only on an explicit choice (Enter or a click); leaving the field puts back what is chosen.
 *
 * Keys: ↓/↑ open the list and move in it, Enter chooses, Escape closes the list (or, when
 * it is closed, clears the filter) and goes no further. Guarded by
 * tests/integration/timeline.test.tsx and tests/e2e/timeline.spec.ts.
 */
import { memo, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';

import type { GraphState } from '@/stores/run-types';

import { matchNodes, type NodeChoice } from '@/features/timeline/match-nodes';

export const MAX_CHOICES = 50;
const ALL: NodeChoice = { id: '', label: 'all nodes' };

export type NodeFilterProps = Readonly<{
  graph: GraphState;
  /** The chosen node's id; '' for all nodes. */
  value: string;
  onChange: (nodeId: string) => void;
  className: string;
}>;

export const NodeFilter = memo(function NodeFilter({ graph, value, onChange, className }: NodeFilterProps) {
  const inputId = useId();
  const listId = `${inputId}-list`;
  // undefined while the person is not typing: the field then shows the chosen node.
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const { options, total } = useOptions(graph, typed ?? '', open);
  const activeOption = open ? options[Math.min(active, options.length - 1)] : undefined;
  const optionId = (i: number) => `${listId}-${i}`;

  const close = () => {
    setOpen(false);
    setTyped(undefined);
  };
  const choose = (choice: NodeChoice | undefined) => {
    if (choice) onChange(choice.id);
    close();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const move = KEY_MOVES[event.key];
    if (move !== undefined) {
      event.preventDefault();
      if (open) setActive((i) => Math.max(0, Math.min(options.length - 1, i + move)));
      else openAt(0);
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      choose(activeOption);
    } else if (event.key === 'Escape' && (open || value !== '')) {
      // Goes no further: Escape must not also close the details panel.
      event.preventDefault();
      event.stopPropagation();
      if (open) close();
      else onChange('');
    }
  };
  const openAt = (index: number) => {
    setActive(index);
    setOpen(true);
  };

  return (
    <span className="relative flex items-center gap-1" onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && close()}>
      <label htmlFor={inputId}>Node</label>
      <input
        id={inputId}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeOption ? optionId(options.indexOf(activeOption)) : undefined}
        placeholder="all nodes"
        autoComplete="off"
        spellCheck={false}
        value={typed ?? (value === '' ? '' : labelOf(graph, value))}
        onChange={(e) => {
          setTyped(e.target.value);
          openAt(0); // the first match ("all nodes" while the field is empty)
        }}
        onClick={() => !open && openAt(0)}
        onKeyDown={onKeyDown}
        className={`${className} w-32`}
      />
      {open && <ChoiceList id={listId} options={options} total={total} active={activeOption} optionId={optionId} selected={value} onHover={setActive} onChoose={choose} />}
    </span>
  );
});

const KEY_MOVES: Readonly<Record<string, number>> = { ArrowDown: 1, ArrowUp: -1 };

/** "all nodes", then the matches; computed only while the list is open. */
function useOptions(graph: GraphState, typed: string, open: boolean) {
  return useMemo(() => {
    if (!open) return { options: [], total: 0 };
    const { choices, total } = matchNodes(graph, typed, MAX_CHOICES);
    return { options: typed.trim() === '' ? [ALL, ...choices] : choices, total };
  }, [graph, typed, open]);
}

function labelOf(graph: GraphState, id: string): string {
  return graph.nodes[id]?.label ?? id;
}

type ChoiceListProps = Readonly<{
  id: string;
  options: readonly NodeChoice[];
  total: number;
  active: NodeChoice | undefined;
  optionId: (i: number) => string;
  selected: string;
  onHover: (i: number) => void;
  onChoose: (choice: NodeChoice) => void;
}>;

function ChoiceList({ id, options, total, active, optionId, selected, onHover, onChoose }: ChoiceListProps) {
  const activeRef = useRef<HTMLLIElement>(null);
  useEffect(() => keepInView(activeRef.current), [active]);
  const more = total - options.filter((o) => o !== ALL).length;
  return (
    <div className="absolute top-full right-0 z-20 mt-1 w-64 rounded border border-zinc-300 bg-white text-xs shadow-lg dark:border-zinc-600 dark:bg-zinc-900">
      <ul id={id} role="listbox" aria-label="Nodes" className="relative max-h-60 overflow-auto py-1">
        {options.map((option, i) => (
          <li
            key={option.id}
            id={optionId(i)}
            ref={option === active ? activeRef : undefined}
            role="option"
            aria-selected={option === active}
            // mousedown would move focus out of the field (and close the list) before the click.
            onMouseDown={(e) => e.preventDefault()}
            onMouseMove={() => option !== active && onHover(i)}
            onClick={() => onChoose(option)}
            className={`flex cursor-pointer items-baseline gap-2 px-2 py-1 ${option === active ? 'bg-sky-100 dark:bg-sky-900' : ''} ${option.id === selected ? 'font-semibold' : ''}`}
          >
            <span className="truncate">{option.label}</span>
            {option.id !== option.label && option !== ALL && <span className="ml-auto shrink-0 font-mono text-zinc-500 dark:text-zinc-400">{option.id}</span>}
          </li>
        ))}
        {options.length === 0 && <li role="presentation" className="px-2 py-1 text-zinc-600 dark:text-zinc-400">No node matches</li>}
      </ul>
      {more > 0 && <p className="border-t border-zinc-200 px-2 py-1 text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">{more.toLocaleString('en-US')} more — type to narrow</p>}
    </div>
  );
}

/** Scrolls the list (only the list: scrollIntoView would move the panels too) to show `option`. */
function keepInView(option: HTMLElement | null) {
  const list = option?.parentElement;
  if (!option || !list) return;
  if (option.offsetTop < list.scrollTop) list.scrollTop = option.offsetTop;
  else if (option.offsetTop + option.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = option.offsetTop + option.offsetHeight - list.clientHeight;
}
