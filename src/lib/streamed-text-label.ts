/**
 * How a node's streamed text is named next to it, in every view (canvas node, details
 * panel, timeline): a preview the producer will send whole later, a preview known to have
 * holes, or the whole text that replaced one (node.output `text`).
 */
import type { StreamedText } from '@/protocol/run-event';

export const STREAMED_TEXT_LABEL: Readonly<Record<StreamedText, string>> = {
  preview: 'preview',
  partial: 'partial preview',
  whole: 'whole answer',
};

export const STREAMED_TEXT_HINT: Readonly<Record<StreamedText, string>> = {
  preview: 'Streamed preview: the whole answer replaces it when it arrives.',
  partial: 'Partial preview: the server dropped some of the streamed text, so words are missing. The whole answer replaces it when it arrives.',
  whole: 'The whole answer, as the server sent it; it replaced the streamed preview.',
};
