/**
 * The simulated Shannon server behaves like the real one (tests/fixtures/shannon/SOURCE.txt), read
 * straight off its HTTP and SSE answers: the ring, the history and its validation, the close
 * rules after `done`, the failure path, the renamed frames, the status endpoint.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { startSimulator, type SimulatorHandle } from '@/simulator/server';

import { waitFor } from './wait-for';

let sim: SimulatorHandle;
beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.05 });
});
afterAll(async () => {
  await sim.close();
});

type Sse = { id?: string; event?: string; data: string };
type Read = { frames: Sse[]; comments: string[]; ended: boolean };

/** Reads an SSE answer for `forMs` (or until the server ends it): its frames and comments. */
async function readSse(runId: string, forMs: number, lastEventId?: string): Promise<Read> {
  const controller = new AbortController();
  const headers: Record<string, string> = lastEventId ? { 'last-event-id': lastEventId } : {};
  const response = await fetch(`${sim.url}/api/v1/stream/sse?workflow_id=${encodeURIComponent(runId)}`, { headers, signal: controller.signal });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const timer = setTimeout(() => controller.abort(), forMs);
  let text = '';
  let ended = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        ended = true;
        break;
      }
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // aborted: the server kept the connection open
  } finally {
    clearTimeout(timer);
  }
  return { ...parse(text), ended };
}

function parse(text: string): { frames: Sse[]; comments: string[] } {
  const frames: Sse[] = [];
  const comments: string[] = [];
  for (const block of text.split('\n\n').filter(Boolean)) {
    const frame: Sse = { data: '' };
    for (const line of block.split('\n')) {
      if (line.startsWith(': ')) comments.push(line.slice(2));
      else if (line.startsWith('id: ')) frame.id = line.slice(4);
      else if (line.startsWith('event: ')) frame.event = line.slice(7);
      else if (line.startsWith('data: ')) frame.data += line.slice(6);
    }
    if (frame.data !== '') frames.push(frame);
  }
  return { frames, comments };
}

const json = (frame: Sse) => JSON.parse(frame.data) as Record<string, unknown>;
const seqOf = (frame: Sse) => (frame.data.startsWith('{') ? (json(frame).seq as number | undefined) : undefined);

async function getJson(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${sim.url}${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function finished(runId: string): Promise<void> {
  await readSse(runId, 50);
  await waitFor(() => sim.runs.get(`shannon:${runId}`)?.phase === 'finished', `${runId} to finish`, 20_000);
}

describe('the simulated Shannon server', () => {
  test('the stream is a ring of the newest 256 events, token deltas numbered in it: a run opened late starts far above seq 1', async () => {
    const { frames, ended } = await readSse('shannon-late~ring', 15_000);
    expect(ended).toBe(true);
    const seqs = frames.map(seqOf).filter((seq): seq is number => seq !== undefined);
    expect(seqs[0]).toBeGreaterThan(200);
    expect(frames.filter((f) => f.event === 'thread.message.delta').length).toBeGreaterThan(50);
    expect(frames.filter((f) => f.event === 'thread.message.delta').every((f) => typeof json(f).seq === 'number')).toBe(true);
    expect(frames.at(-1)).toMatchObject({ event: 'done', data: '[DONE]', id: expect.stringMatching(/^\d+-\d+$/) });
  });

  test('the history holds every persisted event (no deltas, no prompts), pages of at most 200 by offset, and refuses a limit outside 1..200', async () => {
    const runId = 'shannon-late~history';
    await finished(runId);
    const base = `/api/v1/tasks/${runId}/events`;
    for (const query of ['limit=201', 'limit=0', 'limit=1000', 'limit=x']) expect(await getJson(`${base}?${query}`)).toEqual({ status: 400, body: { error: 'Invalid limit parameter' } });
    expect(await getJson(`${base}?offset=-1`)).toEqual({ status: 400, body: { error: 'Invalid offset parameter' } });
    expect(((await getJson(base)).body.events as unknown[]).length).toBe(50);
    const first = (await getJson(`${base}?limit=200&offset=0`)).body;
    const second = (await getJson(`${base}?limit=200&offset=200`)).body;
    expect(first.count).toBe(200);
    expect(second.count).toBe((second.events as unknown[]).length);
    const rows = [...(first.events as { type: string; seq: number }[]), ...(second.events as { type: string; seq: number }[])];
    expect(rows.some((row) => row.type === 'LLM_PARTIAL' || row.type === 'LLM_PROMPT')).toBe(false);
    expect(rows.map((row) => row.type)).toEqual(expect.arrayContaining(['WORKFLOW_STARTED', 'LLM_OUTPUT', 'WORKFLOW_COMPLETED', 'STREAM_END']));
    expect(new Set(rows.map((row) => row.seq)).size).toBe(rows.length);
  });

  test('after the end: a fresh connection gets the ring and is closed after done; a resumed one gets what follows, done once, then pings', async () => {
    const runId = 'fanout~after-end';
    await finished(runId);
    const fresh = await readSse(runId, 5_000);
    expect(fresh.ended).toBe(true);
    expect(fresh.frames.at(-1)?.event).toBe('done');
    const resumeFrom = fresh.frames.at(-4)?.id;
    const resumed = await readSse(runId, 1_500, resumeFrom);
    expect(resumed.ended).toBe(false);
    expect(resumed.frames.map((f) => f.event)).toEqual(fresh.frames.slice(-3).map((f) => f.event));
    expect(resumed.frames.filter((f) => f.event === 'done')).toHaveLength(1);
    expect(resumed.comments.filter((c) => c === 'ping').length).toBeGreaterThan(0);
  });

  test('a failure is ERROR_OCCURRED "Hit an issue: …" (event: error, no payload) then done; never WORKFLOW_FAILED; the status says FAILED', async () => {
    const runId = 'shannon-failure~raw';
    const { frames, ended } = await readSse(runId, 15_000);
    expect(ended).toBe(true);
    expect(frames.some((f) => f.event === 'WORKFLOW_FAILED' || f.data.includes('WORKFLOW_FAILED'))).toBe(false);
    const [error, done] = frames.slice(-2);
    expect(error?.event).toBe('error');
    expect(json(error!)).toMatchObject({ type: 'ERROR_OCCURRED', agent_id: 'analyse', message: expect.stringMatching(/^Hit an issue: the model provider/) });
    expect(json(error!)).not.toHaveProperty('payload');
    expect(done).toMatchObject({ event: 'done', data: '[DONE]' });
    await waitFor(() => sim.runs.get(`shannon:${runId}`)?.phase === 'finished', 'the run to finish');
    expect(await getJson(`/api/v1/tasks/${runId}`)).toMatchObject({ status: 200, body: { task_id: runId, status: 'TASK_STATUS_FAILED', error: expect.stringMatching(/^the model provider/) } });
    expect(await getJson('/api/v1/tasks/fanout~never-started')).toEqual({ status: 404, body: { error: 'Task not found' } });
  });

  test('renamed frames as the gateway builds them: sorted keys, control frames without seq, done before workflow.cancelled', async () => {
    const runId = 'cancel~renamed';
    await readSse(runId, 50);
    await waitFor(() => (sim.runs.get(`shannon:${runId}`)?.history.length ?? 0) > 8, 'a few events');
    await fetch(`${sim.url}/api/v1/tasks/${runId}/cancel`, { method: 'POST', body: JSON.stringify({ reason: 'operator stop' }) });
    const { frames } = await readSse(runId, 1_000, '1-0');
    const named = (name: string) => frames.find((f) => f.event === name) as Sse;
    expect(Object.keys(json(named('workflow.cancelling')))).toEqual(['agent_id', 'message', 'workflow_id']);
    expect(Object.keys(json(named('workflow.cancelled')))).toEqual(['agent_id', 'checkpoint', 'message', 'was_paused', 'workflow_id']);
    expect(frames.slice(-3).map((f) => f.event)).toEqual(['workflow.cancelling', 'done', 'workflow.cancelled']);
    expect(await getJson(`/api/v1/tasks/${runId}`)).toMatchObject({ body: { status: 'TASK_STATUS_CANCELLED' } });
  });

  test('thread.message.delta and .completed as Go maps (keys sorted); completed carries the whole LLM_OUTPUT payload', async () => {
    const runId = 'fanout~completed';
    await finished(runId);
    const { frames } = await readSse(runId, 5_000);
    const delta = frames.find((f) => f.event === 'thread.message.delta') as Sse;
    expect(Object.keys(json(delta))).toEqual(['agent_id', 'delta', 'seq', 'stream_id', 'workflow_id']);
    const completed = frames.find((f) => f.event === 'thread.message.completed') as Sse;
    expect(Object.keys(json(completed))).toEqual(['agent_id', 'metadata', 'response', 'seq', 'stream_id', 'workflow_id']);
    expect(Object.keys(json(completed).metadata as object)).toEqual([
      'cache_creation_1h_tokens',
      'cache_creation_5m_tokens',
      'cache_creation_tokens',
      'cache_read_tokens',
      'cost_usd',
      'duration_ms',
      'input_tokens',
      'model_used',
      'output_tokens',
      'provider',
      'role',
      'tokens_used',
    ]);
  });
});
