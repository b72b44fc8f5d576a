/**
 * MARS costs. The real server writes one cost file per control step (and one per planning,
 * one-shot, … phase) and emits one `cost_update` per record of a file, with
 * `total_cost_usd` running within THAT file only — so the run's cost is the sum of the
 * records' `cost_usd` across files, never the largest running total. A record named
 * "Total" is the file's own sum and is skipped. `cost_summary` is counted twice upstream
 * (its total is taken after the "Total" row was appended) and is never added.
 * A record without an input/output split counts its `tokens` as unsplit tokens.
 *
 * While watching, `GET /api/runs/{id}/costs` gives the database's totals: Runboard records
 * the difference from what this session counted so far (socket records included), so a
 * repeated poll adds nothing and a starter that lost its socket adds exactly what it missed.
 */
import { decimalToMicros } from '@/lib/to-micros';
import type { RunEvent } from '@/protocol/run-event';
import type { MarsCost } from '@/protocol/mars/mars-schemas';
import { atCurrentNode, type MarsState } from '@/protocol/mars/mars-state';

export function costRecorded(s: MarsState, data: MarsCost): RunEvent[] {
  if (data.agent === 'Total') return [];
  const micros = decimalToMicros(data.cost_usd ?? data.cost ?? 0);
  const split = data.input_tokens !== undefined || data.output_tokens !== undefined;
  const input = data.input_tokens ?? 0;
  const output = data.output_tokens ?? 0;
  const unsplit = split ? 0 : (data.tokens ?? 0);
  s.counted.micros += micros;
  s.counted.input += input;
  s.counted.output += output;
  s.counted.unsplit += unsplit;
  return [
    {
      type: 'cost.recorded',
      currency: 'USD',
      micros,
      ...atCurrentNode(s),
      ...(data.model ? { model: data.model } : {}),
      ...(split ? { inputTokens: input, outputTokens: output } : {}),
      ...(unsplit > 0 ? { unsplitTokens: unsplit } : {}),
    },
  ];
}

export function costSummaryLog(total: number | undefined, tokens: number | undefined): RunEvent {
  const said = [total !== undefined ? `$${total.toFixed(4)}` : undefined, tokens !== undefined ? `${tokens} tokens` : undefined].filter(Boolean).join(', ');
  return { type: 'log', level: 'debug', source: 'cost', message: `cost summary ${said} (not added: MARS counts each cost file twice here; the records are summed instead)` };
}

export type CostTotals = Readonly<{ usd: number; tokens?: number | undefined; prompt?: number | undefined; completion?: number | undefined }>;

/** The database's totals → one cost.recorded for what this session has not counted yet (none when nothing is new). */
export function costDifference(s: MarsState, totals: CostTotals): RunEvent[] {
  const micros = Math.max(0, decimalToMicros(totals.usd) - s.counted.micros);
  const prompt = totals.prompt ?? 0;
  const completion = totals.completion ?? 0;
  const total = totals.tokens ?? prompt + completion;
  const newTokens = Math.max(0, total - (s.counted.input + s.counted.output + s.counted.unsplit));
  if (micros === 0 && newTokens === 0) return [];
  const input = clamp(prompt - s.counted.input, newTokens);
  const output = clamp(completion - s.counted.output, newTokens - input);
  const unsplit = newTokens - input - output;
  s.counted.micros += micros;
  s.counted.input += input;
  s.counted.output += output;
  s.counted.unsplit += unsplit;
  return [
    {
      type: 'cost.recorded',
      currency: 'USD',
      micros,
      inputTokens: input,
      outputTokens: output,
      ...(unsplit > 0 ? { unsplitTokens: unsplit } : {}),
    },
  ];
}

const clamp = (value: number, max: number) => Math.max(0, Math.min(value, max));
