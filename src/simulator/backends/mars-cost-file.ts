/**
 * One scenario cost step → one MARS cost file, as the real server reports it
 * (cmbagent display_cost + backend/execution/cost_collector.py):
 * two records (the agent and its response formatter), a `cost_summary` whose totals are
 * doubled (upstream sums after appending the file's "Total" row), then one `cost_update`
 * per record whose `total_cost_usd` runs within this file only.
 */
import { formA, type MarsWire } from '@/simulator/backends/mars-frames';
import type { MarsIds } from '@/simulator/backends/mars-dag-writer';
import type { SimStep } from '@/simulator/engine/scenario';

const micro = (usd: number) => Math.round(usd * 1_000_000);

export function costFile(ids: MarsIds & { taskId: string }, step: Extract<SimStep, { op: 'cost' }>, at: number): MarsWire[] {
  const first = { cost: micro(step.usd * 0.6), prompt: Math.round(step.inputTokens * 0.6), completion: Math.round(step.outputTokens * 0.6) };
  const rows = [
    { agent: 'engineer', ...first },
    { agent: 'engineer_response_formatter', cost: micro(step.usd) - first.cost, prompt: step.inputTokens - first.prompt, completion: step.outputTokens - first.completion },
  ];
  const file = `cost_report_step_${step.node}_${new Date(at).toISOString().replace(/\D/g, '').slice(0, 14)}.json`;
  const frame = (event: string, data: Record<string, unknown>) => formA(event, data, at, ids.taskId, ids.sessionId);
  const frames: MarsWire[] = [frame('cost_summary', { run_id: ids.taskId, total_cost: (2 * micro(step.usd)) / 1e6, total_tokens: 2 * (step.inputTokens + step.outputTokens), timestamp: new Date(at).toISOString() })];
  let running = 0;
  for (const row of rows) {
    running += row.cost;
    frames.push(frame('cost_update', { run_id: ids.dbRunId, agent: row.agent, model: step.model, tokens: row.prompt + row.completion, input_tokens: row.prompt, output_tokens: row.completion, cost_usd: row.cost / 1e6, total_cost_usd: running / 1e6 }));
  }
  frames.push(frame('output', { message: `💰 cost report written: ${file}` }));
  return frames;
}
