import { useId, useState } from 'react';

import { Button } from '@/components/ui/button';

type Props = Readonly<{ label: string; unavailable: string | undefined; danger?: boolean; onClick: () => void }>;

/**
 * A run control, or one the protocol cannot do. An unavailable control stays focusable
 * (aria-disabled, not disabled: a disabled button can be neither reached by Tab nor
 * hovered) and says why in a visible note when it is focused, hovered or pressed, tied to
 * it with aria-describedby — not only in a hover tooltip.
 */
export function ControlButton({ label, unavailable, danger, onClick }: Props) {
  const [why, setWhy] = useState(false);
  const noteId = useId();
  if (unavailable === undefined) {
    return (
      <Button size="sm" variant={danger ? 'danger' : 'secondary'} onClick={onClick}>
        {label}
      </Button>
    );
  }
  return (
    <span className="relative inline-flex" onMouseEnter={() => setWhy(true)} onMouseLeave={() => setWhy(false)}>
      <Button
        size="sm"
        variant="secondary"
        aria-disabled="true"
        aria-describedby={noteId}
        onFocus={() => setWhy(true)}
        onBlur={() => setWhy(false)}
        onClick={() => setWhy(true)}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !why) return;
          event.stopPropagation(); // Escape hides the note first; the next one is the page's
          setWhy(false);
        }}
        className="cursor-not-allowed text-slate-500 dark:text-slate-400"
      >
        {label}
        <InfoIcon />
      </Button>
      <span
        id={noteId}
        role="tooltip"
        className={`${why ? 'block' : 'hidden'} absolute top-full right-0 z-40 mt-1 w-64 rounded-md border border-slate-300 bg-white p-2 text-xs font-normal text-slate-800 shadow-lg dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100`}
      >
        {label} is not available: {unavailable}.
      </span>
    </span>
  );
}

/** "There is an explanation": drawn, since the ⓘ character is missing from common fonts. */
function InfoIcon() {
  return (
    <svg aria-hidden viewBox="0 0 16 16" className="h-3 w-3" fill="none" stroke="currentColor" strokeWidth="1.5">
      <circle cx="8" cy="8" r="6.5" />
      <path d="M8 7v4.5M8 4.6v.1" strokeLinecap="round" />
    </svg>
  );
}
