/**
 * One scenario cost step → one MARS cost file, as the real server reports it
 * (cmbagent display_cost + backend/execution/cost_collector.py; /work/notes/upstream.md §20):
 * two records (the agent and its response formatter), a `cost_summary` whose totals are
 * doubled (upstream sums after appending the file's "Total" row), then one `cost_update`
 * per record whose `total_cost_usd` runs within this file only. The records go to the
 * run's cost table (`GET /api/runs/{id}/costs`).
 */
import { addConsole, addCost, type MarsRunRecord } from '@/simulator/backends/mars-record';
import { formA, type MarsWire } from '@/simulator/backends/mars-frames';
import type { SimStep } from '@/simulator/engine/scenario';

const micro = (usd: number) => Math.round(usd * 1_000_000);

export function costFile(record: MarsRunRecord, step: Extract<SimStep, { op: 'cost' }>, at: number, current: string | null): MarsWire[] {
  const first = { cost: micro(step.usd * 0.6), prompt: Math.round(step.inputTokens * 0.6), completion: Math.round(step.outputTokens * 0.6) };
  const rows = [
    { agent: 'engineer', ...first },
    { agent: 'engineer_response_formatter', cost: micro(step.usd) - first.cost, prompt: step.inputTokens - first.prompt, completion: step.outputTokens - first.completion },
  ];
  const file = `cost_report_step_${current ?? step.node}_${new Date(at).toISOString().replace(/\D/g, '').slice(0, 14)}.json`;
  const totalTokens = step.inputTokens + step.outputTokens;
  const frames: MarsWire[] = [formA('cost_summary', { run_id: record.taskId, total_cost: (2 * micro(step.usd)) / 1e6, total_tokens: 2 * totalTokens, timestamp: new Date(at).toISOString() }, at, record.taskId, record.sessionId)];
  let running = 0;
  for (const row of rows) {
    running += row.cost;
    addCost(record, { agent: row.agent, model: step.model, prompt: row.prompt, completion: row.completion, cost: row.cost / 1e6, stepId: current ?? step.node });
    frames.push(
      formA('cost_update', { run_id: record.dbRunId, agent: row.agent, model: step.model, tokens: row.prompt + row.completion, input_tokens: row.prompt, output_tokens: row.completion, cost_usd: row.cost / 1e6, total_cost_usd: running / 1e6 }, at, record.taskId, record.sessionId),
    );
  }
  addConsole(record, 'agent.output', `💰 cost report written: ${file}`, at);
  frames.push(formA('output', { message: `💰 cost report written: ${file}` }, at, record.taskId, record.sessionId));
  return frames;
}
