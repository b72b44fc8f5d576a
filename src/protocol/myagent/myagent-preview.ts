/**
 * myagent's streamed answer is a preview. The server's outbound queue keeps only the latest
 * `agent.partial_answer` per ~75 ms window (upstream myagent/ws/outbound.py), and the
 * answers are deltas, so under load words go missing. The whole text arrives later
 * (`agent.final_answer`, or the aggregate's result) and replaces the preview.
 *
 * A hole is known from what the server counts (upstream myagent/agent/toolcall.py):
 * `metadata.word_count` is the words sent so far in this stream, so a count above ours
 * means deltas were dropped; the closing empty delta (`is_final`) carries the whole text's
 * `total_length`, which catches a last delta the closing one replaced. A count below ours
 * is a new stream (a later answer on the same node). A final text that differs from what
 * was received says the same after the fact. Guarded by myagent-preview.test.ts.
 */
import { countWords } from '@/lib/count-words';
import { log } from '@/protocol/myagent/myagent-lifecycle';
import type { MyagentEventOf } from '@/protocol/myagent/myagent-schemas';
import type { RunEvent } from '@/protocol/run-event';

/**
 * What one node streamed so far: `received`, then the deltas not yet joined to it (`unjoined`;
 * read it with `receivedOf`); `streamStart` is where the current stream began in it;
 * `replaced` once the whole text arrived. Partials after that are stale: the closing one
 * waits out the coalescing window, so it arrives after the final answer.
 *
 * Why the deltas wait in a list: appended at once, each made a string kept as long as the
 * node's text, for the collector to copy out of the young generation; the text is read only
 * when a stream closes and when the whole answer arrives.
 */
export type Preview = { received: string; unjoined: string[]; words: number; partial: boolean; streamStart: number; replaced: boolean };

/** Everything the node streamed so far, as one string. */
function receivedOf(preview: Preview): string {
  if (preview.unjoined.length > 0) {
    preview.received += preview.unjoined.join('');
    preview.unjoined = [];
  }
  return preview.received;
}

type PartialMeta = MyagentEventOf<'agent.partial_answer'>['metadata'];

/** One partial answer on `nodeId`: its delta as a preview, or as a partial preview once text is known lost. */
export function previewDelta(previews: Map<string, Preview>, nodeId: string, delta: string, meta: PartialMeta): RunEvent[] {
  let preview = previews.get(nodeId);
  if (!preview) previews.set(nodeId, (preview = { received: '', unjoined: [], words: 0, partial: false, streamStart: 0, replaced: false }));
  if (preview.replaced) return [];
  if (meta?.is_final) return closeStream(preview, nodeId, meta.total_length);
  if (delta.length === 0) return [];
  const lost = wordsLost(preview, delta, meta?.word_count);
  preview.unjoined.push(delta);
  preview.partial ||= lost;
  return [{ type: 'node.output', nodeId, delta, text: preview.partial ? 'partial' : 'preview' }];
}

/** The whole text of `nodeId` arrived: it replaces the preview (nothing when nothing streamed). */
export function wholeText(previews: Map<string, Preview>, nodeId: string, text: string): RunEvent[] {
  const preview = previews.get(nodeId);
  if (!preview || preview.replaced) return [];
  preview.replaced = true;
  const whole: RunEvent = { type: 'node.output', nodeId, delta: text, text: 'whole' };
  const received = receivedOf(preview).trim();
  if (!preview.partial && received === text.trim()) return [whole];
  const note = `The streamed preview missed parts of this answer (${received.length.toLocaleString('en-US')} of ${text.trim().length.toLocaleString('en-US')} characters arrived); the whole answer replaced it`;
  return [whole, log('warn', note, 'preview', nodeId)];
}

function wordsLost(preview: Preview, delta: string, wordCount: number | undefined): boolean {
  if (wordCount === undefined) return false;
  const words = countWords(delta);
  const before = wordCount < preview.words ? 0 : preview.words;
  preview.words = wordCount;
  return wordCount > before + words;
}

/** The closing empty delta: the stream's word count starts again; fewer characters than `total_length` means text was lost. */
function closeStream(preview: Preview, nodeId: string, totalLength: number | undefined): RunEvent[] {
  preview.words = 0;
  const received = receivedOf(preview);
  const streamed = received.slice(preview.streamStart).trim().length;
  preview.streamStart = received.length;
  if (totalLength === undefined || preview.partial || streamed >= totalLength) return [];
  preview.partial = true;
  return [{ type: 'node.output', nodeId, delta: '', text: 'partial' }];
}
