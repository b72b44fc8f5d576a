import { describe, expect, it } from 'vitest';

import { marsDialect } from '@/protocol/mars/mars-dialect';
import { buildMarsConfig } from '@/protocol/mars/mars-modes';

describe('MARS start modes', () => {
  it('starts one-shot with the server\'s defaults when nothing was chosen', () => {
    expect(buildMarsConfig()).toEqual({ mode: 'one-shot', agent: 'engineer', model: 'gpt-4o' });
  });

  it('sends a human-in-the-loop run with its variant, approval points and plan options, and nothing of other modes', () => {
    expect(buildMarsConfig({ mode: 'hitl-interactive', approvalMode: 'before_step', agent: 'researcher' })).toEqual({
      mode: 'hitl-interactive', model: 'gpt-4o', hitlVariant: 'full_interactive', approvalMode: 'before_step', maxHumanIterations: 3,
      allowPlanModification: true, allowStepSkip: true, allowStepRetry: true, maxPlanSteps: 10, nPlanReviews: 1,
    });
    // approvalMode belongs to the full interactive variant only; error recovery has no plan revisions.
    expect(buildMarsConfig({ mode: 'hitl-interactive', hitlVariant: 'error_recovery' })).toEqual({
      mode: 'hitl-interactive', model: 'gpt-4o', hitlVariant: 'error_recovery', allowStepSkip: true, allowStepRetry: true, maxPlanSteps: 10, nPlanReviews: 1,
    });
  });

  it('sends copilot\'s own approval choices under the key MARS reads', () => {
    expect(buildMarsConfig({ mode: 'copilot', copilotApprovalMode: 'none' })).toEqual({
      mode: 'copilot', model: 'gpt-4o', approvalMode: 'none', enablePlanning: true, autoApproveSimple: true, maxPlanSteps: 10,
    });
  });

  it('puts the chosen config in the start frame, the first frame on the starter\'s socket', () => {
    const frames = marsDialect.onOpen({ runId: 't-1', cursor: undefined, reconnect: false, memo: {}, start: 'Fit a model', startConfig: { mode: 'planning-control', maxPlanSteps: 3 } });
    expect(frames).toEqual([{ via: 'socket', message: { task: 'Fit a model', config: { mode: 'planning-control', model: 'gpt-4o', maxPlanSteps: 3, nPlanReviews: 1 } } }]);
  });
});
