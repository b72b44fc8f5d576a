/**
 * Marks a time as Runboard's own: when it received the event, because the producer sent
 * none. Text, not colour alone; the tooltip says what it means.
 */
export const RECEIVED_TITLE = 'The producer sent no time: this is when Runboard received the event';

export function ReceivedMark({ compact = false }: { compact?: boolean }) {
  return (
    <span
      data-received-mark
      title={RECEIVED_TITLE}
      className="ml-1 rounded bg-slate-100 px-1 text-[10px] font-normal text-slate-600 dark:bg-slate-800 dark:text-slate-300"
    >
      {compact ? 'rcv' : 'received'}
      <span className="sr-only"> ({RECEIVED_TITLE})</span>
    </span>
  );
}
