/**
 * How each node status looks on the canvas: text, icon, colours. Status is always shown
 * as TEXT, never by colour alone (tests find nodes by it); colour and icon only repeat it.
 *
 * Every map is a `Record<NodeStatus, …>` so adding a status to run-event.ts fails to
 * compile here until it is styled.
 */
import { NODE_STATUS_TEXT } from '@/lib/node-status-text';
import type { NodeStatus } from '@/protocol/run-event';

/** The canvas reads the shared status words; only its icons and colours are its own. */
export const STATUS_TEXT = NODE_STATUS_TEXT;

/** Decorative (aria-hidden): the text above says the same. */
export const STATUS_ICON: Record<NodeStatus, string> = {
  pending: '○',
  running: '◐',
  succeeded: '✓',
  failed: '✕',
  not_run: '⤼',
  retrying: '↻',
  waiting: '◐',
  cancelled: '⊘',
};

export const STATUS_CLASS: Record<NodeStatus, string> = {
  pending: 'border-slate-300 bg-white text-slate-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-300',
  running: 'border-sky-500 bg-sky-50 text-sky-800 dark:border-sky-400 dark:bg-sky-950 dark:text-sky-200',
  succeeded: 'border-emerald-600 bg-emerald-50 text-emerald-800 dark:border-emerald-500 dark:bg-emerald-950 dark:text-emerald-200',
  failed: 'border-red-600 bg-red-50 text-red-800 dark:border-red-500 dark:bg-red-950 dark:text-red-200',
  not_run: 'border-slate-300 bg-slate-50 text-slate-500 opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-400',
  retrying: 'border-orange-500 bg-orange-50 text-orange-800 dark:border-orange-400 dark:bg-orange-950 dark:text-orange-200',
  waiting: 'border-amber-500 bg-amber-50 text-amber-900 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-200',
  cancelled: 'border-slate-400 bg-slate-100 text-slate-600 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-300',
};

/** Mini-map fill (SVG attribute, so a colour value rather than a class). */
export const STATUS_FILL: Record<NodeStatus, string> = {
  pending: '#cbd5e1',
  running: '#0ea5e9',
  succeeded: '#059669',
  failed: '#dc2626',
  not_run: '#e2e8f0',
  retrying: '#f97316',
  waiting: '#f59e0b',
  cancelled: '#94a3b8',
};

/** Order of statuses in a group's summary: what needs eyes first. Lower comes first. */
export const SUMMARY_RANK: Record<NodeStatus, number> = {
  failed: 0,
  waiting: 1,
  retrying: 2,
  running: 3,
  pending: 4,
  succeeded: 5,
  cancelled: 6,
  not_run: 7,
};

/** Statuses during which a node's clock is still running. */
export const LIVE_STATUSES: ReadonlySet<NodeStatus> = new Set<NodeStatus>(['running', 'retrying', 'waiting']);

export type Theme = 'light' | 'dark';

/** The overview's marks and box borders (canvas colours), readable on each theme's background. */
export const STATUS_INK: Record<Theme, Record<NodeStatus, string>> = {
  light: { ...STATUS_FILL, pending: '#64748b', not_run: '#94a3b8', cancelled: '#64748b' },
  dark: { ...STATUS_FILL, pending: '#94a3b8', not_run: '#64748b', succeeded: '#10b981', failed: '#ef4444' },
};

/** The overview's box fills when zoomed in far enough to draw boxes (Tailwind's -50 / -950 tints, as STATUS_CLASS). */
export const STATUS_TINT: Record<Theme, Record<NodeStatus, string>> = {
  light: {
    pending: '#ffffff',
    running: '#f0f9ff',
    succeeded: '#ecfdf5',
    failed: '#fef2f2',
    not_run: '#f8fafc',
    retrying: '#fff7ed',
    waiting: '#fffbeb',
    cancelled: '#f1f5f9',
  },
  dark: {
    pending: '#0f172a',
    running: '#082f49',
    succeeded: '#022c22',
    failed: '#450a0a',
    not_run: '#0f172a',
    retrying: '#431407',
    waiting: '#451a03',
    cancelled: '#1e293b',
  },
};
