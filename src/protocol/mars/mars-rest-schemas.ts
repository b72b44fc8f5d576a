/**
 * The MARS REST answers a watching session reads (UJ2202/MARS backend/routers/runs.py and
 * sessions.py; replies in tests/fixtures/mars/rest-replies.json). Every `/api/runs/{id}/…` route accepts the
 * task id. Only the fields Runboard reads are checked; the rest passes.
 */
import * as z from 'zod';

import { MarsDagEdgeSchema, MarsDagNodeSchema, int, num, optional, text } from '@/protocol/mars/mars-schema-parts';

/** `GET /api/runs/{id}/dag`: nodes carry `stepNumber` (= step_number + 1); an unknown run answers empty lists. */
export const MarsRestDagSchema = z.looseObject({
  nodes: z.array(MarsDagNodeSchema),
  edges: z.array(MarsDagEdgeSchema).nullish().transform((value) => value ?? []),
});

/** `GET /api/runs/{id}/history`: database rows in execution order (ids `ws_<n>` when it falls back to its event queue). */
export const MarsHistoryRowSchema = z.looseObject({
  id: z.union([z.string(), z.number()]),
  timestamp: text,
  event_type: z.string(),
  event_subtype: text,
  node_id: text,
  agent_name: text,
  description: text,
  meta: optional(z.record(z.string(), z.unknown())),
  inputs: optional(z.record(z.string(), z.unknown())),
  outputs: optional(z.record(z.string(), z.unknown())),
  error_message: text,
  status: text,
  duration_ms: num,
});
export type MarsHistoryRow = z.infer<typeof MarsHistoryRowSchema>;

export const MarsRestHistorySchema = z.looseObject({ events: z.array(z.unknown()) });

/** `GET /api/runs/{id}/costs`: database totals (the correct ones; the socket's cost_summary is doubled). */
export const MarsRestCostsSchema = z.looseObject({
  total_cost_usd: z.number().nonnegative(),
  total_tokens: optional(z.number().int().nonnegative()),
  total_prompt_tokens: optional(z.number().int().nonnegative()),
  total_completion_tokens: optional(z.number().int().nonnegative()),
  record_count: int,
  model_breakdown: optional(
    z.array(z.looseObject({ model: text, cost: optional(z.number().nonnegative()), prompt_tokens: optional(z.number().int().nonnegative()), completion_tokens: optional(z.number().int().nonnegative()), tokens: optional(z.number().int().nonnegative()) })),
  ),
});

/** `GET /api/runs/{id}/console-log[?tail=n]`: the last `returned_lines` of `total_lines`, joined by "\n". */
export const MarsRestConsoleSchema = z.looseObject({
  total_lines: z.number().int().nonnegative(),
  returned_lines: z.number().int().nonnegative(),
  content: z.string(),
});

/** `GET /api/sessions`: newest updated first. */
export const MarsRestSessionsSchema = z.looseObject({
  sessions: z.array(z.looseObject({ session_id: z.string(), name: text, status: text })),
});

/** `GET /api/sessions/{id}/runs`: `meta.task_id` names the socket's task; `id` is the database's. */
export const MarsRestRunsSchema = z.looseObject({
  runs: z.array(
    z.looseObject({
      id: z.string(),
      status: z.string(),
      task_description: text,
      started_at: text,
      completed_at: text,
      meta: optional(z.looseObject({ task_id: text })),
    }),
  ),
});
