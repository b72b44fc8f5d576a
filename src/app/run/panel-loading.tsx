/** What a page or a panel shows while its code loads. On their own so the entry can hold them without the run view. */
export const PAGE_LOADING = <p className="p-6 text-sm text-slate-500 dark:text-slate-400">Loading…</p>;
export const PANEL_LOADING = <p className="p-4 text-sm text-slate-500 dark:text-slate-400">Loading…</p>;
