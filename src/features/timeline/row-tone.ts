/**
 * How a row stands out: stream gaps Runboard itself inserted, errors and warnings.
 * Views render the tone as an icon plus a word, never as colour alone.
 */
import type { RunEvent } from '@/protocol/run-event';

export type RowTone = 'gap' | 'error' | 'warn' | 'plain';

export function rowTone(event: RunEvent): RowTone {
  switch (event.type) {
    case 'log':
      if (event.source === 'runboard') return 'gap';
      return event.level === 'error' ? 'error' : event.level === 'warn' ? 'warn' : 'plain';
    case 'run.failed':
    case 'node.failed':
      return 'error';
    case 'node.status':
      return event.status === 'failed' ? 'error' : 'plain';
    case 'tool.result':
      return event.ok ? 'plain' : 'error';
    case 'node.retrying':
      return 'warn';
    case 'raw':
      return event.unknown ? 'warn' : 'plain';
    default:
      return 'plain';
  }
}

export const TONE_BADGE: Record<RowTone, { icon: string; text: string } | undefined> = {
  gap: { icon: '⚠', text: 'stream gap' },
  error: { icon: '✖', text: 'error' },
  warn: { icon: '!', text: 'warning' },
  plain: undefined,
};

export const TONE_CLASS: Record<RowTone, string> = {
  gap: 'bg-amber-50 text-amber-900 dark:bg-amber-950/60 dark:text-amber-100',
  error: 'bg-red-50 text-red-900 dark:bg-red-950/60 dark:text-red-100',
  warn: 'text-amber-800 dark:text-amber-200',
  plain: '',
};
