import type { GateVerdict } from '@/stores/gate-verdict';

/** Decorative (aria-hidden): the verdict is always written out beside it. */
export const VERDICT_ICON: Record<GateVerdict, string> = { open: '◐', approved: '✓', rejected: '✕', answered: '✓', timed_out: '◷', cancelled: '⊘' };
