import { describe, expect, it } from 'vitest';

import { createFrameReader } from '@/protocol/read-frame';
import { tolkyDialect } from '@/protocol/tolky/tolky-dialect';
import { TOLKY_TYPES } from '@/protocol/tolky/tolky-schemas';
import { INTENT, TS, decodeOne, envelope, eventsOf, live, typesOf } from '@/protocol/tolky/tolky-test-frames';

const PLAN = {
  intentId: INTENT,
  totalSteps: 3,
  instructions: 'research',
  steps: [
    { stepNumber: 1, action: 'plan', displayName: 'Plan research' },
    { stepNumber: 2, action: 'search', description: 'Search the web', dependsOn: [1], parallelGroup: 'g1' },
    { stepNumber: 3, action: 'write', dependencies: ['step-2', '1'] },
  ],
};

/** One valid payload per documented type, and the canonical event types it must produce. */
const CASES: Record<string, [payload: unknown, expected: string[]]> = {
  chapter_started: [{ chapterId: 'planning_1', chapterKey: 'planning' }, ['chapter.started']],
  chapter_log: [{ message: 'hello', level: 'warning', source: 'planner', stepNumber: 2, action: 'search', metadata: { a: 1 } }, ['log']],
  chapter_completed: [{ chapterId: 'planning_1', chapterKey: 'planning', status: 'completed' }, ['chapter.completed']],
  intent_created: [{ intentId: INTENT }, ['run.started']],
  intent_restored: [{ intentId: INTENT, completedCount: 2, pendingCount: 1 }, ['log']],
  media_resolution_started: [{}, ['log']],
  media_resolved: [{ resolvedCount: 2 }, ['log']],
  actions_prefilter_started: [{}, ['log']],
  actions_prefiltered: [{ selected: 4, total: 30, names: ['a', 'b'] }, ['log']],
  constraints_prefilter_started: [{}, ['log']],
  constraints_prefiltered: [{ groupCount: 2 }, ['log']],
  web_context_enrichment_started: [{}, ['log']],
  web_context_enriched: [{ appended: false, error: 'timeout' }, ['log']],
  rag_context_enrichment_started: [{}, ['log']],
  rag_context_enriched: [{ appended: false, reason: 'no_host_id' }, ['log']],
  plan_generated: [{ stepCount: 3, planSummary: 'three steps', continuation: true }, ['log']],
  plan_review_started: [{}, ['log']],
  plan_reviewed: [{ corrected: true }, ['log']],
  plan_loaded: [{ stepCount: 3 }, ['log']],
  plan_ready: [PLAN, ['graph.defined']],
  feasibility_checked: [{ intentId: INTENT, feasible: false, issues: ['x'], warnings: [], clarificationSuggestions: [] }, ['log']],
  feasibility_rejected: [{ attempt: 1, maxAttempts: 2, issues: [], clarificationSuggestions: [], correctiveInstruction: 'narrow it' }, ['log']],
  replanning_triggered: [{ attempt: 2, reason: 'infeasible' }, ['log']],
  input_guard_clarification: [{ intentId: INTENT, reason: 'vague', clarificationMessage: 'Which market?', feasibilityIssues: ['scope'] }, ['gate.opened']],
  execution_started: [{ totalSteps: 3 }, ['log']],
  step_started: [{ stepNumber: 2, totalSteps: 3, action: 'search', progress: 67 }, ['node.started']],
  step_completed: [{ stepNumber: 2, totalSteps: 3, action: 'search', result: { hits: 3 }, progress: 67 }, ['node.completed']],
  step_failed: [{ stepNumber: 2, action: 'search', error: 'boom', willRetry: false, retryCount: 1 }, ['node.failed']],
  step_skipped: [{ stepNumber: 3, action: 'write', reason: 'branch_not_taken' }, ['node.skipped']],
  parallel_group_started: [{ stepNumbers: [2, 3], groupSize: 2 }, ['graph.defined']],
  parallel_group_completed: [{ stepNumbers: [2, 3], completedCount: 2, failedCount: 0 }, ['log']],
  branch_resolved: [{ stepNumber: 2, chosenBranchIndex: 0, chosenBranchLabel: 'yes', branchStepCount: 2 }, ['log']],
  execution_completed: [{ intentId: INTENT, success: true, totalSteps: 3, executedSteps: 3, metrics: {}, auditLog: [] }, ['log']],
  execution_failed: [{ error: 'db down', lastStep: 2, auditLog: [], aiMessage: 'sorry' }, ['run.failed']],
  execution_cancelled: [{ cancelledAtStep: 2, reason: 'user' }, ['run.cancelled']],
  execution_cancel_requested: [{ reason: 'user', requestedBy: 'u-1', mechanism: 'flagged' }, ['log']],
  execution_interrupted: [
    { intentId: INTENT, interruptionPayload: { type: 'confirmation', message: 'Proceed?', options: ['Yes', 'No'] }, completedSteps: 2, continuationDepth: 0 },
    ['gate.opened'],
  ],
  continuation_started: [{ intentId: INTENT, continuationDepth: 1, completedCount: 2, userResponse: 'Yes' }, ['log']],
  replanning_for_continuation: [{ intentId: INTENT, continuationDepth: 1, completedSteps: [1], pendingSteps: [2, 3] }, ['log']],
  containment_started: [{ attempt: 1, retriesLeft: 2 }, ['log']],
  containment_completed: [{ attempt: 1, stepsExecuted: 2 }, ['log']],
  containment_failed: [{ attempt: 1, reason: 'still failing', error: { message: 'x' } }, ['log']],
  step_replan_recommended: [{ stepNumber: 2, action: 'search', recommendation: 'use another source', progress: 50, displayName: 'Search' }, ['log']],
  recommendation_replan_started: [{ stepNumber: 2, recommendation: 'use another source' }, ['log']],
  recommendation_replan_completed: [{ attempt: 1, stepsExecuted: 2 }, ['log']],
  recommendation_replan_failed: [{ attempt: 1, reason: 'no plan' }, ['log']],
  delivery_comparison_started: [{ attempt: 1 }, ['log']],
  delivery_compared: [{ attempt: 1, status: 'partial', objectiveCount: 3, missingObjectives: ['x'], recoverable: true, reasoning: 'missing x' }, ['log']],
  delivery_replan_started: [{ attempt: 1, correctiveInstruction: 'add x' }, ['log']],
  delivery_gaps_remaining: [{ attempt: 2, missingObjectives: ['x'], reasoning: 'still missing' }, ['log']],
  full_retry_started: [{ attempt: 1, maxRetries: 2 }, ['log']],
  full_retry_interrupt: [
    { intentId: INTENT, attempt: 2, maxRetries: 2, failedActions: ['search'], interruptionPayload: { type: 'retry', message: 'Retry again?', options: ['Retry', 'Stop'] } },
    ['gate.opened'],
  ],
  compile_started: [{ hasLastStepPayload: true }, ['log']],
  captures_collected: [{ captureCount: 4 }, ['log']],
  composing_message: [{ model: 'gpt-4o', reason: 'no_step_payload' }, ['log']],
  final_answer_resolved: [{ source: 'llm_composition' }, ['log']],
  compile_completed: [{ success: true }, ['log']],
  db_query_phase_started: [{ phase: 'generate_sql', description: 'writing SQL', attempt: 1, maxAttempts: 3 }, ['log']],
  db_query_phase_completed: [{ phase: 'generate_sql', durationMs: 120, summary: 'ok' }, ['log']],
  db_query_attempt_started: [{ attempt: 1, maxAttempts: 3 }, ['log']],
  db_query_attempt_succeeded: [{ attempt: 1, totalAttempts: 1, rowCount: 12, durationMs: 40 }, ['log']],
  db_query_attempt_failed: [{ attempt: 1, maxAttempts: 3, failedAt: 'execute', reason: 'syntax', sql: 'SELEC 1', willRetry: true }, ['log']],
  step_heartbeat: [{ stepNumber: 2, action: 'search', displayName: 'Search', phase: 'llm_call', elapsedMs: 12_000, timeoutMs: 60_000, percentElapsed: 20 }, ['node.progress']],
  status_narration: [{ message: 'Looking at sources', sourceEvent: 'step_started', progress: 40 }, ['log']],
  token_usage_updated: [{ source: 'planner', delta: { prompt: 100, completion: 50, cost: 0.0012, calls: 1 }, cumulative: { prompt: 300, completion: 90, cost: 0.0031, calls: 3 } }, ['cost.recorded']],
  cost_reconciled: [{ requestControlId: 'rc-1', dbTotals: { cost: 0.0031 }, inMemoryTotals: { cost: 0.0031 }, dbRecordCount: 3 }, ['log']],
  performance_report: [{ timings: [{ name: 'planning', durationMs: 1200 }, { name: 'compile', durationMs: 300 }] }, ['metric', 'metric']],
  context_memory_updated: [{ pushSeq: 3, triggerStep: 2, triggerAction: 'search', updatedLayer: 'stepResults', delta: {}, layers: {}, budgetTokens: 8000 }, ['log']],
  final_answer_ready: [{ intentId: INTENT, sessionId: 's-1', status: 'completed', message: 'Done: report.md', success: true, interrupted: false }, ['run.completed']],
};

describe('tolky interpreter: every documented event type', () => {
  it('has a test case for every type in the schemas', () => {
    expect(Object.keys(CASES).sort()).toEqual([...TOLKY_TYPES].sort());
  });

  for (const [type, [payload, expected]] of Object.entries(CASES)) {
    it(`decodes ${type}`, () => {
      const result = decodeOne(live(type, payload, 7));
      expect(eventsOf(result).map((e) => e.type)).toEqual(expected);
      expect(result).toMatchObject({ placements: [{ order: { scope: `intent:${INTENT}`, seq: 7 }, cursor: '7' }] });
      for (const event of eventsOf(result)) expect(event).toMatchObject({ runId: INTENT, at: TS, atMs: Date.parse(TS) });
    });
  }
});

describe('tolky interpreter: mappings', () => {
  it('builds the graph from plan_ready with only the stated edges', () => {
    const [graph] = eventsOf(decodeOne(live('plan_ready', PLAN)));
    expect(graph).toEqual(expect.objectContaining({ type: 'graph.defined' }));
    if (graph?.type !== 'graph.defined') throw new Error('no graph');
    expect(graph.nodes.map((n) => [n.id, n.label, n.group])).toEqual([
      ['step-1', 'Plan research', undefined],
      ['step-2', 'search', 'g1'],
      ['step-3', 'write', undefined],
    ]);
    expect(graph.edges).toEqual([
      { source: 'step-1', target: 'step-2' },
      { source: 'step-2', target: 'step-3' },
      { source: 'step-1', target: 'step-3' },
    ]);
  });

  it('invents no edges when the plan states no dependencies, and keeps nodes', () => {
    const steps = [{ stepNumber: 1, action: 'a' }, { stepNumber: 2, action: 'b' }, { action: 'c' }];
    const [graph] = eventsOf(decodeOne(live('plan_ready', { steps })));
    expect(graph).toMatchObject({ type: 'graph.defined', edges: [], nodes: [{ id: 'step-1' }, { id: 'step-2' }, { id: 'step-3', label: 'c' }] });
  });

  it('places branch steps under their branching step', () => {
    const steps = [{ stepNumber: 1, action: 'check', branches: [{ label: 'yes', steps: [{ stepNumber: 2, action: 'go' }] }, { label: 'no', steps: [{ action: 'nameless' }] }] }];
    const [graph] = eventsOf(decodeOne(live('plan_ready', { steps })));
    expect(graph).toMatchObject({ nodes: [{ id: 'step-1' }, { id: 'step-2' }], edges: [{ source: 'step-1', target: 'step-2' }] });
  });

  it('gives parallel group members a group and keeps plan labels', () => {
    const decode = createFrameReader(tolkyDialect, INTENT);
    eventsOf(decode(live('plan_ready', PLAN, 1)));
    const [graph] = eventsOf(decode(live('parallel_group_started', { stepNumbers: [2, 3], groupSize: 2 }, 2)));
    expect(graph).toMatchObject({ nodes: [{ id: 'step-2', label: 'search', group: 'g1' }, { id: 'step-3', label: 'write', group: 'g1' }] });
  });

  it('maps steps onto step-<n> node ids with labels, results and retries', () => {
    expect(eventsOf(decodeOne(live('step_started', { stepNumber: 4, action: 'fetch', displayName: 'Fetch data', progress: 50 })))).toEqual([
      expect.objectContaining({ type: 'node.started', nodeId: 'step-4', label: 'Fetch data' }),
    ]);
    expect(eventsOf(decodeOne(live('step_failed', { stepNumber: 4, error: { message: 'rate limit', code: '429' }, willRetry: true, retryCount: 0 })))).toEqual([
      expect.objectContaining({ type: 'node.retrying', nodeId: 'step-4', attempt: 1, error: { message: 'rate limit', code: '429', retryable: true } }),
    ]);
    expect(eventsOf(decodeOne(live('step_completed', { stepNumber: 4, result: 'ok' })))).toEqual([
      expect.objectContaining({ type: 'node.completed', nodeId: 'step-4', output: 'ok' }),
    ]);
  });

  it('books token_usage_updated.delta.cost as micro-USD with prompt/completion tokens', () => {
    const [cost] = eventsOf(decodeOne(live('token_usage_updated', CASES.token_usage_updated![0])));
    expect(cost).toMatchObject({ type: 'cost.recorded', micros: 1200, currency: 'USD', inputTokens: 100, outputTokens: 50, cumulativeMicros: 3100 });
  });

  it('turns an interruption into a clarification gate and a continuation into its resolution', () => {
    const decode = createFrameReader(tolkyDialect, INTENT);
    const payload = { intentId: INTENT, interruptionPayload: { type: 'approval', message: 'Deploy?', options: ['Approve', 'Reject'], risk: 'medium' }, completedSteps: 1, continuationDepth: 0 };
    const [gate] = eventsOf(decode(live('execution_interrupted', payload, 9)));
    expect(gate).toEqual(
      expect.objectContaining({
        type: 'gate.opened',
        gateId: `${INTENT}:9`,
        kind: 'clarification',
        message: 'Deploy?',
        acceptsText: true,
        options: [
          { value: 'Approve', label: 'Approve', tone: 'neutral' },
          { value: 'Reject', label: 'Reject', tone: 'neutral' },
        ],
        context: { type: 'approval', risk: 'medium', completedSteps: 1, continuationDepth: 0 },
      }),
    );
    const resolved = eventsOf(decode(live('continuation_started', { intentId: INTENT, continuationDepth: 1, userResponse: 'Approve' }, 10)));
    expect(resolved).toEqual([expect.objectContaining({ type: 'gate.resolved', gateId: `${INTENT}:9`, decision: 'Approve', cause: 'decision' })]);
  });

  it('reads an interruption deadline (expiresAt, or timeoutMs after the envelope) and a continuation after a timeout', () => {
    const decode = createFrameReader(tolkyDialect, INTENT);
    const interruption = { type: 'approval', message: 'Deploy?', options: ['Approve'], timeoutMs: 20_000, timeoutAction: 'reject' };
    const [gate] = eventsOf(decode(live('execution_interrupted', { intentId: INTENT, interruptionPayload: interruption }, 9)));
    expect(gate).toMatchObject({ type: 'gate.opened', deadlineAtMs: Date.parse(TS) + 20_000, onTimeout: 'reject', context: { type: 'approval' } });
    const resolved = eventsOf(decode(live('continuation_started', { intentId: INTENT, continuationDepth: 1, userResponse: 'rejected', trigger: 'timeout' }, 10)));
    expect(resolved).toEqual([expect.objectContaining({ type: 'gate.resolved', decision: 'rejected', cause: 'timeout' })]);
    const [other] = eventsOf(decodeOne(live('execution_interrupted', { intentId: INTENT, interruptionPayload: { message: 'Go?', expiresAt: '2030-01-01T00:00:00Z' } }, 3)));
    expect(other).toMatchObject({ deadlineAtMs: Date.parse('2030-01-01T00:00:00Z') });
  });

  it('uses the payload id as gate id when present and the clarification message', () => {
    const [gate] = eventsOf(decodeOne(live('input_guard_clarification', { id: 'g-7', clarificationMessage: 'Which year?', reason: 'vague' })));
    expect(gate).toMatchObject({ type: 'gate.opened', gateId: 'g-7', message: 'Which year?', options: [], context: { reason: 'vague' } });
  });

  it('ends the run on final_answer_ready, and only logs it after a failure', () => {
    const decode = createFrameReader(tolkyDialect, INTENT);
    expect(eventsOf(decode(live('execution_failed', { error: 'db down', lastStep: 3 }, 1)))).toEqual([
      expect.objectContaining({ type: 'run.failed', error: { message: 'db down' }, nodeId: 'step-3' }),
    ]);
    expect(eventsOf(decode(live('final_answer_ready', { status: 'failed', message: 'Sorry', success: false }, 2))).map((e) => e.type)).toEqual(['log']);
    expect(typesOf(live('final_answer_ready', { success: false, message: 'nope' }))).toEqual(['run.failed']);
    expect(typesOf(live('final_answer_ready', { status: 'cancelled' }))).toEqual(['run.cancelled']);
    expect(typesOf(live('final_answer_ready', { interrupted: true, message: 'need input' }))).toEqual(['log']);
  });

  it('closes open gates when the run is cancelled, and marks a requested cancel', () => {
    const decode = createFrameReader(tolkyDialect, INTENT);
    eventsOf(decode(live('execution_interrupted', { interruptionPayload: { message: 'Go?' } }, 1)));
    eventsOf(decode(live('execution_cancel_requested', { reason: 'user' }, 2)));
    expect(eventsOf(decode(live('execution_cancelled', { reason: 'user' }, 3)))).toEqual([
      expect.objectContaining({ type: 'gate.resolved', gateId: `${INTENT}:1`, cause: 'cancelled' }),
      expect.objectContaining({ type: 'run.cancelled', reason: 'user', requested: true }),
    ]);
  });

  it('titles chapters from their key and closes them by id', () => {
    expect(eventsOf(decodeOne(live('chapter_started', { chapterKey: 'delivery_comparison' }, 4, { chapterId: null, chapterKey: null })))).toEqual([
      expect.objectContaining({ type: 'chapter.started', chapterId: 'delivery_comparison_4', title: 'Delivery comparison', chapterKey: 'delivery_comparison' }),
    ]);
    expect(eventsOf(decodeOne(live('chapter_completed', {}, 5, { chapterId: 'compile_2', chapterKey: 'compile' })))).toEqual([
      expect.objectContaining({ type: 'chapter.completed', chapterId: 'compile_2' }),
    ]);
  });

  it('places step_heartbeat in order like any step event (not a keep-alive) and reads its progress', () => {
    const result = decodeOne(live('step_heartbeat', CASES.step_heartbeat![0], 4));
    expect(result).toMatchObject({ kind: 'events', events: [{ type: 'node.progress', nodeId: 'step-2' }] });
    if (result.kind !== 'events') return;
    expect(result.placements).toHaveLength(1);
    expect(result.placements[0]).toMatchObject({ order: { scope: `intent:${INTENT}`, seq: 4 }, cursor: '4' });
    expect(result.placements[0]?.heartbeat).toBeFalsy();
  });

  it('attaches narration with a step number to that step, as a 0..1 progress', () => {
    expect(eventsOf(decodeOne(live('status_narration', { message: 'half way', progress: 50, stepNumber: 2 })))).toEqual([
      expect.objectContaining({ type: 'node.progress', nodeId: 'step-2', progress: 0.5, message: 'half way' }),
    ]);
  });
});

describe('tolky interpreter: tolerance and rejection', () => {
  it('keeps an unknown pipeline type as a raw event, in order', () => {
    const result = decodeOne(live('quantum_leap_started', { x: 1 }, 3));
    expect(eventsOf(result)).toEqual([expect.objectContaining({ type: 'raw', frameType: 'quantum_leap_started', unknown: true })]);
    expect(result).toMatchObject({ placements: [{ order: { scope: `intent:${INTENT}`, seq: 3 } }] });
  });

  it('keeps an unknown Socket.IO event as a raw event', () => {
    expect(eventsOf(decodeOne({ event: 'brand_new_event', data: {} }))).toEqual([expect.objectContaining({ type: 'raw', frameType: 'brand_new_event', unknown: true })]);
  });

  it('rejects a wrong field type with the path in the reason', () => {
    const result = decodeOne(live('step_started', { stepNumber: 'two', action: 'x' }));
    expect(result.kind).toBe('rejected');
    if (result.kind !== 'rejected') return;
    expect(result.reason).toContain('payload.stepNumber');
    expect(result.frameType).toBe('step_started');
  });

  it('rejects a bad envelope seq with its path', () => {
    const result = decodeOne(live('step_started', { stepNumber: 1 }, -1));
    expect(result).toMatchObject({ kind: 'rejected' });
    if (result.kind === 'rejected') expect(result.reason).toContain('seq');
  });

  it('rejects a token usage without a numeric cost', () => {
    const result = decodeOne(live('token_usage_updated', { delta: { prompt: 1, completion: 1, cost: '0.1' } }));
    expect(result.kind === 'rejected' && result.reason.includes('payload.delta.cost')).toBe(true);
  });

  it('accepts null for optional fields and a null payload', () => {
    expect(typesOf(live('step_failed', { stepNumber: 2, action: null, error: null, willRetry: null, retryCount: null }))).toEqual(['node.failed']);
    expect(typesOf(live('media_resolution_started', null, 1, { sessionId: null, chapterId: null, chapterKey: null, timestamp: null }))).toEqual(['log']);
  });

  it('accepts extra keys in the envelope and the payload', () => {
    expect(typesOf(live('step_completed', { stepNumber: 1, brandNew: { deep: true } }, 1, { podId: 'pod-3' }))).toEqual(['node.completed']);
  });

  it('decodes a bare envelope (no Socket.IO wrapper)', () => {
    expect(typesOf(envelope('step_skipped', { stepNumber: 2 }))).toEqual(['node.skipped']);
  });

  it('rejects a frame that is neither a Socket.IO frame nor an envelope', () => {
    expect(decodeOne('hello').kind).toBe('rejected');
  });
});
