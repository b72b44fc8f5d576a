/**
 * The research-plan review gate and swarm runs, on frames built as the real Shannon builds
 * them (tests/fixtures/shannon/upstream-review-swarm.jsonl; each line names its upstream
 * file:line), read the way ingest reads them.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { createFrameReader } from '@/protocol/read-frame';
import { RunEventSchema, type RunEvent, type RunEventOf } from '@/protocol/run-event';
import { shannonDialect } from '@/protocol/shannon/shannon-dialect';
import { FEEDBACK_NEEDS_TEXT } from '@/protocol/shannon/shannon-review';

const RESEARCH = 'task-u1-1717340000';
const SWARM = 'task-u1-1717350000';

type Named = { name: string; source: string; frame: unknown };
const path = fileURLToPath(new URL('../../../tests/fixtures/shannon/upstream-review-swarm.jsonl', import.meta.url));
const LINES = readFileSync(path, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Named);
const FRAMES = new Map(LINES.map((line) => [line.name, line.frame]));

function read(runId: string, ...names: string[]): RunEvent[] {
  const reader = createFrameReader(shannonDialect, runId);
  return names.flatMap((name) => {
    const result = reader(FRAMES.get(name));
    if (result.kind !== 'events') throw new Error(`${name} rejected: ${result.reason}`);
    expect(result.rejected).toEqual([]);
    for (const event of result.events) expect(RunEventSchema.safeParse(event).success, JSON.stringify(event)).toBe(true);
    return result.events;
  });
}

const ofType = <T extends RunEvent['type']>(events: RunEvent[], type: T) => events.filter((e): e is RunEventOf<T> => e.type === type);
const nodeIds = (events: RunEvent[]) => new Set(ofType(events, 'graph.defined').flatMap((g) => g.nodes.map((n) => n.id)));

describe('shannon fixtures', () => {
  it('every line names the upstream code it was built from', () => {
    for (const line of LINES) expect(line.source, line.name).toMatch(/\.go:\d+/);
  });
});

describe('shannon: the research plan is a human gate', () => {
  it('RESEARCH_PLAN_READY opens a review gate carrying the plan (Markdown) with approve and request-changes answers', () => {
    const [gate] = ofType(read(RESEARCH, 'research-started', 'plan-ready'), 'gate.opened');
    expect(gate).toMatchObject({ kind: 'review', gateId: `${RESEARCH}/research-plan/round-1`, acceptsText: true, requester: 'planner' });
    expect(gate?.message).toMatch(/^Review the research plan\n\n## Research plan\n\n1\. \*\*Market size\*\*/);
    expect(gate?.message).toMatch(/waits up to 15 minutes/);
    expect(gate?.options.map((o) => o.label)).toEqual(['Approve plan', 'Request changes']);
    expect(gate?.answerable).not.toBe(false);
  });

  it('approve and feedback are sent to the review endpoint in the body its handler reads; feedback without words is refused here', () => {
    const [gate] = ofType(read(RESEARCH, 'plan-ready'), 'gate.opened');
    const ref = { gateId: gate!.gateId, kind: 'review', runId: RESEARCH };
    const path = `/api/v1/tasks/${RESEARCH}/review`;
    expect(shannonDialect.answerGate(ref, { option: gate!.options[0]!, decidedBy: 'r' }, {})).toEqual([{ via: 'http', method: 'POST', path, body: { action: 'approve' } }]);
    expect(shannonDialect.answerGate(ref, { option: gate!.options[1]!, text: ' add the UK ', decidedBy: 'r' }, {})).toEqual([
      { via: 'http', method: 'POST', path, body: { action: 'feedback', message: 'add the UK' } },
    ]);
    expect(shannonDialect.answerGate(ref, { option: gate!.options[1]!, decidedBy: 'r' }, {})).toEqual({ unavailable: FEEDBACK_NEEDS_TEXT });
  });

  it('feedback closes the round it answered and the revised plan is a new gate; approval closes that one, approved', () => {
    const events = read(RESEARCH, 'research-started', 'plan-ready', 'review-user-feedback', 'plan-updated', 'plan-approved', 'research-delegation');
    const opened = ofType(events, 'gate.opened');
    expect(opened.map((g) => g.gateId)).toEqual([`${RESEARCH}/research-plan/round-1`, `${RESEARCH}/research-plan/round-2`]);
    expect(opened[1]?.message).toMatch(/^Review the research plan \(round 2\)\n\n## Research plan \(revised\)/);
    expect(ofType(events, 'gate.resolved')).toEqual([
      expect.objectContaining({ gateId: opened[0]!.gateId, decision: 'Request changes', payload: { feedback: 'Please add the UK and a cost comparison.' } }),
      expect.objectContaining({ gateId: opened[1]!.gateId, decision: 'approved', cause: 'decision' }),
    ]);
    expect(ofType(events, 'run.failed')).toEqual([]);
  });

  it('a review that timed out resolves the gate as timed out and the run as failed (timeout), never completed', () => {
    const events = read(RESEARCH, 'research-started', 'plan-ready', 'review-timed-out', 'completed-after-timeout');
    expect(ofType(events, 'gate.resolved')).toEqual([expect.objectContaining({ gateId: `${RESEARCH}/research-plan/round-1`, cause: 'timeout' })]);
    expect(ofType(events, 'run.completed')).toEqual([]);
    expect(ofType(events, 'run.failed')).toEqual([
      expect.objectContaining({ error: expect.objectContaining({ code: 'timeout', message: expect.stringMatching(/^Review timed out: nobody approved the research plan/) }) }),
    ]);
  });

  it('the review endpoint’s replies: success says nothing more, an expired review is a row with the gateway’s words', () => {
    const reader = createFrameReader(shannonDialect, RESEARCH);
    const quiet = reader(FRAMES.get('review-approve-reply'));
    expect(quiet.kind === 'events' && quiet.events).toEqual([]);
    const expired = reader(FRAMES.get('review-expired-reply'));
    expect(expired.kind === 'events' && expired.events).toEqual([expect.objectContaining({ type: 'log', level: 'warn', message: expect.stringMatching(/HTTP 404 \(Review session not found or expired\)/) })]);
  });
});

const SWARM_RUN = ['swarm-started', 'swarm-planning', 'tasklist-created', 'agent-started-ebisu', 'tasklist-t1-ebisu', 'tool-invoked-ebisu', 'tool-observation-ebisu', 'llm-output-ebisu'];

describe('shannon: swarm agents work on tasks', () => {
  it('the graph shows each task once, naming the agent that owns it; the agent is no node of its own', () => {
    const events = read(SWARM, ...SWARM_RUN);
    expect([...nodeIds(events)].sort()).toEqual(['T1', 'T2']);
    const kinds = ofType(events, 'graph.defined').flatMap((g) => g.nodes).filter((n) => n.id === 'T1').map((n) => n.kind);
    expect(kinds.at(-1)).toBe('task · agent Ebisu');
    const touched = new Set(events.filter((e) => e.type.startsWith('node.')).map((e) => (e as { nodeId: string }).nodeId));
    expect([...touched].every((id) => id === 'T1' || id === 'T2')).toBe(true);
    expect(ofType(events, 'node.status').filter((e) => e.status === 'running').map((e) => e.nodeId)).toEqual(['T1']);
  });

  it('the agent’s tools, output and cost belong to the task it owns at that time', () => {
    const events = read(SWARM, ...SWARM_RUN, 'tasklist-t1-done', 'tasklist-t2-ebisu', 'llm-output-ebisu-t2');
    expect(ofType(events, 'tool.called')).toEqual([expect.objectContaining({ tool: 'web_search', nodeId: 'T1' })]);
    expect(ofType(events, 'tool.result')).toEqual([expect.objectContaining({ nodeId: 'T1', ok: true })]);
    expect(ofType(events, 'node.output').map((e) => [e.nodeId, e.delta])).toEqual([
      ['T1', 'EU capacity is about 140 kt a year, half of it in Germany.'],
      ['T2', 'Hydrometallurgy costs about 20% less per tonne than pyrometallurgy.'],
    ]);
    // The task done: its output is what its agent answered.
    expect(ofType(events, 'node.completed')).toEqual([expect.objectContaining({ nodeId: 'T1', output: 'EU capacity is about 140 kt a year, half of it in Germany.' })]);
    expect(ofType(events, 'cost.recorded').map((e) => [e.nodeId, e.micros])).toEqual([
      ['T1', 3100],
      ['T2', 2400],
    ]);
  });

  it('system agents are not steps: the supervisor, lead and final output make no node, and the run completes', () => {
    const events = read(SWARM, ...SWARM_RUN, 'final-output', 'swarm-completed');
    expect([...nodeIds(events)].sort()).toEqual(['T1', 'T2']);
    expect(ofType(events, 'run.completed')).toHaveLength(1);
  });

  it('a system agent that streamed text in a plain run ends with the run instead of staying open', () => {
    const events = read(SWARM, 'research-started', 'synthesis-delta', 'swarm-completed');
    expect(ofType(events, 'node.output').map((e) => e.nodeId)).toEqual(['synthesis']);
    const done = ofType(events, 'node.completed').map((e) => e.nodeId);
    expect(done).toEqual(['synthesis']);
    expect(events.findIndex((e) => e.type === 'node.completed')).toBeLessThan(events.findIndex((e) => e.type === 'run.completed'));
  });
});

describe('shannon: coordinating system agents are never steps', () => {
  it('a planner that says it started and a title generator that streams make no node; their words stay rows', () => {
    const reader = createFrameReader(shannonDialect, RESEARCH);
    const frame = (seq: number, event: string, data: Record<string, unknown>) => ({ id: String(seq), event, data: { workflow_id: RESEARCH, seq, ...data } });
    const events = [
      frame(1, 'AGENT_STARTED', { type: 'AGENT_STARTED', agent_id: 'planner', message: 'Planning' }),
      frame(2, 'thread.message.delta', { agent_id: 'title_generator', delta: 'EV recycling', stream_id: '' }),
      frame(3, 'AGENT_STARTED', { type: 'AGENT_STARTED', agent_id: 'Gora', message: 'Gora is on it' }),
    ].flatMap((f) => {
      const result = reader(f);
      return result.kind === 'events' ? result.events : [];
    });
    expect([...nodeIds(events)]).toEqual(['Gora']);
    expect(events.filter((e) => 'nodeId' in e && e.type.startsWith('node.')).map((e) => (e as { nodeId: string }).nodeId)).toEqual(['Gora']);
  });
});
