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
 * A cost that grows between two polls belongs where a socket cost would (costNode); what the
 * first read finds has no node (a watcher opened late cannot tell which phase spent it).
 */
import { decimalToMicros } from '@/lib/to-micros';
import type { RunEvent } from '@/protocol/run-event';
import type { MarsCost } from '@/protocol/mars/mars-schemas';
import { costNode, type Counted, type MarsState } from '@/protocol/mars/mars-state';

export function costRecorded(s: MarsState, data: MarsCost): RunEvent[] {
  if (data.agent === 'Total') return [];
  const micros = decimalToMicros(data.cost_usd ?? data.cost ?? 0);
  const split = data.input_tokens !== undefined || data.output_tokens !== undefined;
  const input = data.input_tokens ?? 0;
  const output = data.output_tokens ?? 0;
  const unsplit = split ? 0 : (data.tokens ?? 0);
  add(s.counted, { micros, input, output, unsplit });
  if (data.model) add(counterOf(s, data.model), { micros, input, output, unsplit });
  return [
    {
      type: 'cost.recorded',
      currency: 'USD',
      micros,
      ...costNode(s),
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

export type CostPart = Readonly<{ model?: string | undefined; usd: number; prompt?: number | undefined; completion?: number | undefined; tokens?: number | undefined }>;

/**
 * The database's totals (and its per-model breakdown) → cost.recorded events for what this
 * session has not counted yet: one per model whose cost or tokens grew, then what is left of
 * the run's totals without a model. None when nothing is new. The run's totals bound it all.
 */
export function costDifference(s: MarsState, totals: CostPart, models: readonly CostPart[] = [], at: { nodeId?: string } = {}): RunEvent[] {
  const left = { micros: Math.max(0, decimalToMicros(totals.usd) - s.counted.micros), tokens: Math.max(0, tokensOf(totals) - countedTokens(s.counted)) };
  const events: RunEvent[] = [];
  for (const part of models) {
    if (part.model) events.push(...partDifference(s, part, counterOf(s, part.model), left));
  }
  events.push(...partDifference(s, totals, s.counted, left, true));
  return at.nodeId === undefined ? events : events.map((e) => ({ ...e, nodeId: at.nodeId as string }));
}

type Budget = { micros: number; tokens: number };

/** One part's growth, within what the run's totals leave; counted in the part's and the run's tallies. */
function partDifference(s: MarsState, part: CostPart, counted: Counted, left: Budget, rest = false): RunEvent[] {
  const micros = rest ? left.micros : Math.min(left.micros, Math.max(0, decimalToMicros(part.usd) - counted.micros));
  const tokens = rest ? left.tokens : Math.min(left.tokens, Math.max(0, tokensOf(part) - countedTokens(counted)));
  if (micros === 0 && tokens === 0) return [];
  const input = clamp((part.prompt ?? 0) - counted.input, tokens);
  const output = clamp((part.completion ?? 0) - counted.output, tokens - input);
  const unsplit = tokens - input - output;
  left.micros -= micros;
  left.tokens -= tokens;
  const counters = rest ? [s.counted] : [s.counted, counted];
  for (const c of counters) add(c, { micros, input, output, unsplit });
  const model = rest ? {} : { model: part.model };
  return [{ type: 'cost.recorded', currency: 'USD', micros, inputTokens: input, outputTokens: output, ...(unsplit > 0 ? { unsplitTokens: unsplit } : {}), ...model }];
}

const tokensOf = (part: CostPart) => part.tokens ?? (part.prompt ?? 0) + (part.completion ?? 0);
const countedTokens = (c: Counted) => c.input + c.output + c.unsplit;
const clamp = (value: number, max: number) => Math.max(0, Math.min(value, max));

function add(c: Counted, d: Counted): void {
  c.micros += d.micros;
  c.input += d.input;
  c.output += d.output;
  c.unsplit += d.unsplit;
}

function counterOf(s: MarsState, model: string): Counted {
  let counted = s.countedByModel.get(model);
  if (!counted) s.countedByModel.set(model, (counted = { micros: 0, input: 0, output: 0, unsplit: 0 }));
  return counted;
}
