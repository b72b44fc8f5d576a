/**
 * The run's model calls, kept current: the calls projection (stores/llm-calls.ts) reads only
 * the log rows it has not read; a new log (another session, a reloaded replay) gets a
 * projection of its own.
 */
import { useMemo } from 'react';

import { CallProjection, type LlmCall } from '@/stores/llm-calls';
import { useEventLog, useLogLength } from '@/stores/panel-selectors';

export function useCalls(): readonly LlmCall[] {
  const log = useEventLog();
  const length = useLogLength();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the log on purpose
  const projection = useMemo(() => new CallProjection(), [log]);
  return useMemo(() => {
    void length; // the log length is what says "new rows to read"
    return projection.advance(log);
  }, [projection, log, length]);
}
