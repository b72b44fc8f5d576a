/**
 * tolky plan → canonical graph. `plan_ready.steps[]` become nodes `step-<stepNumber>`;
 * edges come ONLY from what the steps state (dependsOn / dependencies, branch steps).
 * No sequential edges are invented: a plan that states no dependencies is a set of nodes,
 * which is what the stream said. Parallel groups become node groups.
 */
import type { GraphEdge, GraphNode, RunEvent } from '@/protocol/run-event';
import { TolkyPlanStepSchema, type TolkyPayload, type TolkyPlanStep } from '@/protocol/tolky/tolky-schemas';
import { stepLabel, stepNodeId, type TolkyState } from '@/protocol/tolky/tolky-state';

type Graph = { nodes: Map<string, GraphNode>; edges: Map<string, GraphEdge> };

/** 3, "3", "step-3", "step_3" → "step-3"; anything else is not a step we can place. */
export function stepRefToNodeId(ref: number | string): string | undefined {
  if (typeof ref === 'number') return Number.isInteger(ref) && ref >= 0 ? stepNodeId(ref) : undefined;
  const match = /^(?:step[-_ ]?)?(\d+)$/i.exec(ref.trim());
  return match ? stepNodeId(Number(match[1])) : undefined;
}

export function planGraph(payload: TolkyPayload<'plan_ready'>, state: TolkyState): RunEvent {
  const graph: Graph = { nodes: new Map(), edges: new Map() };
  payload.steps.forEach((step, index) => addStep(graph, state, step, index + 1, undefined));
  // Only edges between nodes the plan declared: a dangling reference would break the canvas.
  const edges = [...graph.edges.values()].filter((e) => graph.nodes.has(e.source) && graph.nodes.has(e.target));
  return { type: 'graph.defined', nodes: [...graph.nodes.values()], edges };
}

function addStep(graph: Graph, state: TolkyState, step: TolkyPlanStep, fallbackNumber: number, parent: string | undefined) {
  const number = step.stepNumber ?? fallbackNumber;
  const id = stepNodeId(number);
  const label = step.displayName ?? step.action ?? step.description ?? `Step ${number}`;
  const groupValue = step.parallelGroup ?? step.parallelGroupId;
  const group = groupValue === undefined ? undefined : String(groupValue);
  state.labels.set(number, label);
  if (group !== undefined) state.groups.set(number, group);
  graph.nodes.set(id, { id, label, kind: step.kind ?? 'step', ...(group !== undefined ? { group } : {}) });

  const refs = step.dependsOn ?? step.dependencies;
  for (const ref of refs ?? []) {
    const source = stepRefToNodeId(ref);
    if (source !== undefined && source !== id) graph.edges.set(`${source}>${id}`, { source, target: id });
  }
  // A branch step leads to its branches' steps when they do not say otherwise.
  if (refs === undefined && parent !== undefined) graph.edges.set(`${parent}>${id}`, { source: parent, target: id });
  step.branches?.forEach((branch) => {
    for (const raw of branch.steps ?? []) {
      const nested = TolkyPlanStepSchema.safeParse(raw);
      if (nested.success && nested.data.stepNumber !== undefined) addStep(graph, state, nested.data, nested.data.stepNumber, id);
    }
  });
}

/** `parallel_group_started` restates which steps run together: give them a shared group. */
export function parallelGroup(payload: TolkyPayload<'parallel_group_started'>, state: TolkyState): RunEvent[] {
  const first = payload.stepNumbers[0];
  if (first === undefined) return [];
  const group =
    payload.groupId !== undefined ? String(payload.groupId) : (state.groups.get(first) ?? `parallel-${payload.stepNumbers.join('-')}`);
  const nodes: GraphNode[] = payload.stepNumbers.map((n) => {
    state.groups.set(n, group);
    return { id: stepNodeId(n), label: stepLabel(state, n), kind: 'step', group };
  });
  return [{ type: 'graph.defined', nodes, edges: [] }];
}
