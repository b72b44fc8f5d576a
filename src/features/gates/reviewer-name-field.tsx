import { useId } from 'react';

import { reviewerStore, UNNAMED_DECIDER, useReviewerName } from '@/stores/reviewer-store';

/** Where the person sets the name their gate decisions are shown (and, where a protocol takes one, sent) with. */
export function ReviewerNameField() {
  const name = useReviewerName();
  const hintId = useId();
  return (
    <label className="flex flex-col gap-1 border-t border-slate-200 p-3 text-xs dark:border-slate-700">
      <span className="font-semibold text-slate-700 dark:text-slate-200">Your name on decisions</span>
      <input
        type="text"
        maxLength={80}
        autoComplete="name"
        defaultValue={name ?? ''}
        placeholder={UNNAMED_DECIDER}
        aria-describedby={hintId}
        onChange={(e) => reviewerStore.getState().setName(e.target.value)}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-800"
      />
      <span id={hintId} className="text-slate-600 dark:text-slate-400">
        Shown with the gates you decide from this browser; left empty, they read “{UNNAMED_DECIDER}”.
      </span>
    </label>
  );
}
