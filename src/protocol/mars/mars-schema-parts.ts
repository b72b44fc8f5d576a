/**
 * Building blocks of the MARS wire schemas (mars-schemas.ts, mars-rest-schemas.ts).
 * Tolerance: looseObject everywhere (newer servers add fields),
 * nullable optionals (Python sends None), numbers where Python may send int or float.
 */
import * as z from 'zod';
import { nullishField } from '@/protocol/nullish-field';

export const optional = nullishField;
export const text = optional(z.string());
export const int = optional(z.number().int());
export const num = optional(z.number());
export const stepNumber = optional(z.number().int().nonnegative());

/** Where a step event points: the document always sends step_id; the real server only the number. */
export const stepRef = { step_id: text, step_number: stepNumber };

export const obj = <S extends z.ZodRawShape>(shape: S) => z.looseObject(shape);

const hasStep = (d: object) =>
  (d as { step_id?: unknown }).step_id !== undefined || (d as { step_number?: unknown }).step_number !== undefined;
export const stepData = <S extends z.ZodRawShape>(shape: S) =>
  z.looseObject({ ...stepRef, ...shape }).refine(hasStep, { message: 'a step event needs step_id or step_number' });

/** `{event_type, timestamp, run_id?, session_id?, data}`; `data` may be absent (read as `{}`). */
export const frame = <T extends string, S extends z.ZodType>(type: T, data: S) =>
  z.looseObject({
    event_type: z.literal(type),
    timestamp: text,
    run_id: text,
    session_id: text,
    data: z.preprocess((value) => value ?? {}, data),
  });

// ---- DAG -------------------------------------------------------------------

/** A DAG node: `step_number` on the socket (a branch point has -1), `stepNumber` (= step_number + 1) over REST. */
export const MarsDagNodeSchema = z.looseObject({
  id: z.string(),
  label: text,
  type: text,
  status: text,
  agent: text,
  step_number: int,
  stepNumber: int,
  description: text,
  error: text,
});
export type MarsDagNode = z.infer<typeof MarsDagNodeSchema>;

export const MarsDagEdgeSchema = z.looseObject({ source: z.string(), target: z.string() });

export const dagShape = {
  run_id: text,
  nodes: z.array(MarsDagNodeSchema),
  edges: z.array(MarsDagEdgeSchema).nullish().transform((value) => value ?? []),
  levels: num,
};

// ---- approvals and costs ---------------------------------------------------

/** The document's option object; the real server sends bare strings instead. */
export const MarsOptionSchema = z.union([z.string(), z.looseObject({ id: z.string(), label: text, action: text })]);
export type MarsOption = z.infer<typeof MarsOptionSchema>;

export const ApprovalContextSchema = z.looseObject({
  current_step: optional(z.looseObject({ number: num, description: text, agent: text })),
  previous_output: z.unknown().optional(),
  proposed_action: z.unknown().optional(),
  plan: z.unknown().optional(),
});

const count = optional(z.number().int().nonnegative());

/**
 * Every cost_update shape in one: the real CostCollector record
 * `{run_id, agent, model, tokens, input_tokens, output_tokens, cost_usd, total_cost_usd}`
 * (total_cost_usd runs within ONE cost file), the documented `{step_id, model, tokens,
 * cost_usd, total_cost_usd}` (tokens only, no split), and `{model, input_tokens,
 * output_tokens, cost}` (isolated executor).
 */
export const MarsCostSchema = z
  .looseObject({
    ...stepRef,
    run_id: text,
    agent: text,
    model: text,
    tokens: count,
    input_tokens: count,
    output_tokens: count,
    cost_usd: optional(z.number().nonnegative()),
    cost: optional(z.number().nonnegative()),
    total_cost_usd: optional(z.number().nonnegative()),
  })
  .refine((d) => d.cost_usd !== undefined || d.cost !== undefined, { message: 'a cost_update needs cost_usd (or cost)' });
export type MarsCost = z.infer<typeof MarsCostSchema>;
