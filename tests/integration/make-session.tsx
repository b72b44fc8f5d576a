/**
 * Test helper: a real RunSession (fresh stores, relavium dialect, in-memory frames) and
 * a provider wrapper, for component tests under jsdom. Nothing of ours is mocked:
 * events go through the real reducers via `apply`.
 */
import type { ReactNode } from 'react';

import { applyBatch } from '@/ingest/apply-batch';
import { NO_STATS } from '@/ingest/batch';
import type { RunEvent } from '@/protocol/run-event';
import { relaviumDialect } from '@/protocol/relavium/relavium-dialect';
import type { DecodeIssue } from '@/stores/run-types';
import { EventLog } from '@/stores/event-log';
import { createGateAnswerStore } from '@/stores/gate-answer-store';
import { createNodeStatusStore } from '@/stores/node-status-store';
import { RunSessionContext, type RunSession } from '@/stores/run-session';
import { createRunStore } from '@/stores/run-store';

export type TestSession = RunSession & {
  /** Raw frames by index, for `frameAt`; tests push what a row's `frame` points at. */
  frames: unknown[];
  /** Applies one batch to the log and both stores, the way ingest does. */
  apply: (events: readonly RunEvent[], issues?: readonly DecodeIssue[]) => void;
  /** Bound commands this session was asked to send (gate answers, controls), in order. */
  sent: unknown[];
};

export function makeSession(runId = 'run-1'): TestSession {
  const log = new EventLog();
  const run = createRunStore({ runId, dialect: 'relavium', source: 'test' });
  const nodeStatus = createNodeStatusStore();
  const frames: unknown[] = [];
  const sent: unknown[] = [];
  return {
    runId,
    mode: 'live',
    dialect: relaviumDialect,
    log,
    run,
    nodeStatus,
    answers: createGateAnswerStore(),
    answerGate: (gate, answer) => {
      sent.push(relaviumDialect.answerGate(gate, answer, {}));
      return Promise.resolve({ ok: true });
    },
    control: (action, reason) => {
      sent.push(relaviumDialect.control(action, runId, reason, {}));
      return Promise.resolve({ ok: true });
    },
    frameAt: (index) => frames[index],
    exportRecording: () => '',
    frames,
    sent,
    apply: (events, issues = []) => applyBatch({ log, run, nodeStatus }, { events, issues, stats: NO_STATS, atMs: 0 }),
  };
}

export function withSession(session: RunSession, children: ReactNode) {
  return <RunSessionContext.Provider value={session}>{children}</RunSessionContext.Provider>;
}

/**
 * jsdom has no layout: give every element a client size so the virtualiser sees a
 * viewport (it reads clientHeight/clientWidth), and an element `scrollTo` that moves
 * scrollTop and fires `scroll` as a browser would. Returns a restore function.
 */
export function fakeViewport(height = 600, width = 800): () => void {
  const proto = HTMLElement.prototype;
  const saved = {
    h: Object.getOwnPropertyDescriptor(proto, 'clientHeight'),
    w: Object.getOwnPropertyDescriptor(proto, 'clientWidth'),
    sh: Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight'),
    scrollTo: Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTo'),
  };
  // A scroll container is as tall as its sized content (the virtualiser's spacer).
  Object.defineProperty(Element.prototype, 'scrollHeight', {
    configurable: true,
    get(this: Element) {
      const spacer = this.firstElementChild as HTMLElement | null;
      const h = Number.parseFloat(spacer?.style.height ?? '');
      return Number.isFinite(h) ? Math.max(h, height) : height;
    },
  });
  Object.defineProperty(Element.prototype, 'scrollTo', {
    configurable: true,
    writable: true,
    value(this: Element, options?: ScrollToOptions) {
      if (options?.top !== undefined) this.scrollTop = options.top;
      this.dispatchEvent(new Event('scroll'));
    },
  });
  Object.defineProperty(proto, 'clientHeight', { configurable: true, get: () => height });
  Object.defineProperty(proto, 'clientWidth', { configurable: true, get: () => width });
  return () => {
    if (saved.h) Object.defineProperty(proto, 'clientHeight', saved.h);
    if (saved.w) Object.defineProperty(proto, 'clientWidth', saved.w);
    if (saved.sh) Object.defineProperty(Element.prototype, 'scrollHeight', saved.sh);
    if (saved.scrollTo) Object.defineProperty(Element.prototype, 'scrollTo', saved.scrollTo);
    else delete (Element.prototype as { scrollTo?: unknown }).scrollTo;
  };
}
