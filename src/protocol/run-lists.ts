/**
 * Every dialect's run list and run starter, by dialect id: the one place the console asks
 * "how do I list (or start) runs on this backend?". Protocol-specific code lives in each
 * dialect folder (`<id>-run-list.ts`); this module only registers it.
 */
import type { DialectId } from '@/protocol/dialect';
import { marsRunList } from '@/protocol/mars/mars-run-list';
import { relaviumRunList } from '@/protocol/relavium/relavium-run-list';
import type { RunListEntry } from '@/protocol/run-summary';
import { shannonRunList, shannonStarter } from '@/protocol/shannon/shannon-run-list';
import { tolkyRunList } from '@/protocol/tolky/tolky-run-list';

export const RUN_LISTS: Readonly<Record<DialectId, RunListEntry>> = {
  relavium: { dialect: 'relavium', source: relaviumRunList },
  tolky: { dialect: 'tolky', source: tolkyRunList },
  shannon: { dialect: 'shannon', source: shannonRunList, starter: shannonStarter },
  mars: {
    dialect: 'mars',
    source: marsRunList,
    starter: { kind: 'session' },
    unwatchable: 'MARS takes approval answers only on the socket of the tab that started the run: the inbox could list its gates but never answer them, so they are answered in that tab.',
  },
  myagent: {
    dialect: 'myagent',
    source: {
      kind: 'local',
      reason:
        'myagent has no run list: a run lives only as long as the WebSocket that started it. These are the runs started or opened from this browser.',
      probe: 'websocket',
    },
    starter: { kind: 'session' },
    unwatchable: 'myagent has no run list to watch; the runs started from this tab already reach the inbox.',
  },
  agui: {
    dialect: 'agui',
    source: {
      kind: 'local',
      reason: 'AG-UI has no run list: each run is the answer to one POST. These are the runs started or opened from this browser.',
      // An AG-UI URL is the agent endpoint itself; a GET there starts nothing.
      probe: 'http-get',
    },
    starter: { kind: 'session' },
    unwatchable: 'AG-UI has no run list to watch; the runs started from this tab already reach the inbox.',
  },
};

export function runListOf(dialect: string): RunListEntry | undefined {
  return (RUN_LISTS as Record<string, RunListEntry | undefined>)[dialect];
}

/** Lists read over a Socket.IO session (tolky) need that session's id: a backend is kept with one. */
export function listNeedsSession(dialect: string): boolean {
  return runListOf(dialect)?.source.kind === 'socket.io';
}
