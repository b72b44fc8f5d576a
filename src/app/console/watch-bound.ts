/** At most this many runs are followed by live sessions at once, across every watched backend (console-watch.ts). */
export const MAX_WATCHED_STREAMS = 25;
