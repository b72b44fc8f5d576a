import * as Dialog from '@radix-ui/react-dialog';

import { Button } from '@/components/ui/button';

import { REPLAY_SHORTCUTS } from '@/features/replay/use-replay-shortcuts';

const SHORTCUTS: readonly (readonly [string, string])[] = [
  ['?', 'Show this help'],
  ['/', 'Search the timeline'],
  ['Arrow keys', 'Move between nodes on the canvas, or rows in the timeline; on a pane separator (Tab to it), resize the panes, and Enter puts them back'],
  ['Home / End', 'First / last row of the timeline (when it has focus)'],
  ['Enter', 'Open the selected node or timeline row'],
  ['Esc', 'Close the details panel or a dialog; clear the timeline search'],
  ['f', 'Fit the graph to the screen'],
];

/** `replay`: list the replay player's keys too. */
export function ShortcutHelp({ open, onOpenChange, replay = false }: { open: boolean; onOpenChange: (open: boolean) => void; replay?: boolean }) {
  const sections: readonly (readonly [string, readonly (readonly [string, string])[]])[] = replay
    ? [['Run view', SHORTCUTS], ['Replay (when focus is not in a field, the canvas or the timeline)', REPLAY_SHORTCUTS]]
    : [['Run view', SHORTCUTS]];
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(32rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-5 shadow-2xl dark:bg-slate-900">
          <Dialog.Title className="text-lg font-semibold">Keyboard shortcuts</Dialog.Title>
          <Dialog.Description className="sr-only">Keys that work anywhere in the run view</Dialog.Description>
          {sections.map(([title, keys]) => (
            <section key={title} aria-label={title} className="mt-3">
              {replay && <h3 className="mb-1 text-xs font-semibold text-slate-600 dark:text-slate-300">{title}</h3>}
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                {keys.map(([key, what]) => (
                  <div key={key} className="contents">
                    <dt>
                      <kbd className="rounded border border-slate-300 bg-slate-100 px-1.5 py-0.5 font-mono text-xs whitespace-nowrap dark:border-slate-600 dark:bg-slate-800">{key}</kbd>
                    </dt>
                    <dd>{what}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
          <div className="mt-4 flex justify-end">
            <Dialog.Close asChild>
              <Button>Close</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
