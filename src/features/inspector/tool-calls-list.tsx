/** Tool calls of the node with their arguments and results (redacted, folded when long). */
import { JsonBlock } from '@/components/ui/json-block';

import type { ToolCall } from '@/features/inspector/derive-node-details';

export type ToolCallsListProps = Readonly<{ calls: readonly ToolCall[] }>;

export function ToolCallsList({ calls }: ToolCallsListProps) {
  return (
    <ol className="flex flex-col gap-2 text-xs">
      {calls.map((call) => (
        <li key={call.row} className="rounded border border-zinc-200 p-1.5 dark:border-zinc-700">
          <p className="font-mono font-semibold">
            {call.tool}
            {call.callId ? <span className="font-normal text-zinc-500"> #{call.callId}</span> : null}{' '}
            <span className="font-sans font-normal">{outcome(call)}</span>
          </p>
          {call.args !== undefined && (
            <>
              <p className="mt-1 text-zinc-600 dark:text-zinc-400">Arguments</p>
              <JsonBlock value={call.args} label={`${call.tool} arguments`} />
            </>
          )}
          {call.result !== undefined && (
            <>
              <p className="mt-1 text-zinc-600 dark:text-zinc-400">Result</p>
              <JsonBlock value={call.result} label={`${call.tool} result`} />
            </>
          )}
        </li>
      ))}
    </ol>
  );
}

function outcome(call: ToolCall): string {
  if (!call.done) return '— waiting for result';
  const took = call.durationMs !== undefined ? ` in ${Math.round(call.durationMs)} ms` : '';
  return call.ok ? `— ✓ ok${took}` : `— ✖ failed${took}`;
}
