/**
 * A keyframed recording written before the node-status store kept its map in chunks
 * (stores/node-map.ts) still opens from its keyframes: they hold the node states as a
 * record by id, and the replay's map is made from it where a snapshot is kept. The file is
 * the export of commit cdde704 (tests/fixtures/keyframes/SOURCE.txt); what the replay shows
 * at every position is what replaying its plain lines shows.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { describe, expect, test } from 'vitest';

import { createReplaySession, type ReplaySession } from '@/session';
import { nodeOf, nodeRecord } from '@/stores/node-map';
import type { RunSession } from '@/stores/run-session';

const keyed = readFileSync(resolve('tests/fixtures/keyframes/relavium-diverse-keyframed-v1.jsonl'), 'utf8');
const plain = `${keyed
  .split('\n')
  .filter((line) => line !== '' && !line.startsWith('{"keyframe'))
  .join('\n')}\n`;

function shown(session: RunSession) {
  const byId = session.nodeStatus.getState().byId;
  const nodes = nodeRecord(byId);
  return { logLength: session.run.getState().logLength, nodes, counts: byId.counts, size: byId.size, first: nodeOf(byId, Object.keys(nodes)[0] ?? '') };
}

describe('a keyframed recording from before the chunked node map', () => {
  test('opens from its keyframes and shows what its frames show, at the end and wherever a seek lands', async () => {
    expect(keyed.split('\n').filter((line) => line.startsWith('{"keyframe":') && line.includes('"byId"')).length).toBeGreaterThan(2);
    const fromFrames: ReplaySession = await createReplaySession({ recording: plain });
    const fromKeyframes: ReplaySession = await createReplaySession({ recording: keyed });
    expect(fromKeyframes.problems).toEqual([]);
    expect(fromKeyframes.timeline.plainLines).toBeLessThan(fromKeyframes.timeline.lines.count);
    const { total, snapshots } = fromFrames.timeline;
    fromKeyframes.cursor.seek(total);
    expect(Object.keys(shown(fromKeyframes.session).nodes).length).toBeGreaterThan(50);
    const positions = [0, 1, snapshots.every - 1, snapshots.every + 3, 2 * snapshots.every, 3 * snapshots.every + 1, Math.floor(total / 2), total - 1, total];
    for (const p of positions.filter((at) => at >= 0 && at <= total)) {
      fromFrames.cursor.seek(p);
      fromKeyframes.cursor.seek(p);
      expect(shown(fromKeyframes.session), `position ${p}`).toEqual(shown(fromFrames.session));
    }
  });
});
