/**
 * Steps with no known dependencies (relavium streams carry no edges at all), laid out by
 * WHEN they ran: a wave is a stretch of time in which steps overlapped, drawn as one
 * column, its steps stacked in start order ("lanes"); the next wave starts once every
 * step of the previous one had ended. So a planner, six researchers running side by side
 * and a writer read as three columns — one, six in parallel, one — instead of a grid of
 * eight boxes. Steps not started yet form the last column, in the order they became known.
 * Pure; guarded by wave-positions.test.ts.
 *
 * The canvas derives the waves from the node-status store as a string key
 * (`waveKey`), which changes only when a step starts or first appears — never when a
 * step ends or streams — so layout runs no more often than before.
 */
import { NODE_HEIGHT, NODE_WIDTH, type LayoutDirection, type PlacedPosition } from '@/features/canvas/layout/layout-types';

export type StepTiming = Readonly<{ startedAtMs?: number; endedAtMs?: number }>;

/** Ids per wave, in start order. */
export type Waves = readonly (readonly string[])[];

/** At most this many lanes in one column; a wider wave continues in the next column. */
export const LANES_PER_COLUMN = 8;
const LANE_GAP = 28;
const COLUMN_GAP = 28;
const WAVE_GAP = 96;

const WAVE_SEP = '\u0001';
const ID_SEP = '\u0000';

/** Groups `ids` (in the order they became known) into waves of overlapping run time. */
export function assignWaves(ids: readonly string[], timingOf: (id: string) => StepTiming | undefined): Waves {
  const started: { id: string; start: number; end: number; index: number }[] = [];
  const notStarted: string[] = [];
  ids.forEach((id, index) => {
    const timing = timingOf(id);
    if (timing?.startedAtMs === undefined) notStarted.push(id);
    else started.push({ id, start: timing.startedAtMs, end: timing.endedAtMs ?? Infinity, index });
  });
  started.sort((a, b) => a.start - b.start || a.index - b.index);
  const waves: string[][] = [];
  let until = -Infinity;
  for (const step of started) {
    // Started before every step of the current wave had ended: it ran alongside them. A
    // start in the very millisecond the last one ended counts as alongside too: a replay or
    // a burst stamps whole batches with one time, and a wave per step would be a long row.
    if (step.start <= until) waves[waves.length - 1]?.push(step.id);
    else waves.push([step.id]);
    until = Math.max(until, step.end);
  }
  if (notStarted.length > 0) waves.push(notStarted);
  return waves;
}

/** The waves as one string: a primitive selector result, equal as long as the waves are. */
export function waveKey(waves: Waves): string {
  return waves.map((wave) => wave.join(ID_SEP)).join(WAVE_SEP);
}

export function parseWaveKey(key: string): Waves {
  return key === '' ? [] : key.split(WAVE_SEP).map((wave) => wave.split(ID_SEP));
}

/**
 * Positions of `ids` (only these; other wave members are not on the canvas) from `origin`:
 * one column per wave along the layout direction, lanes across it. Ids missing from
 * `waves` join a last column. Rank is -1 for all of them: no layer of the graph.
 *
 * Many waves (a long run of steps one after another: a replay of a thousand sequential
 * steps) would make one row thousands of columns long, a hairline when the view fits it;
 * so the columns wrap into bands like lines of text, as many columns per band as keep the
 * whole block about as wide as a screen (`columnsPerBand`). Time still reads left to right,
 * then the next band down (across, for TB).
 */
export function wavePositions(
  ids: readonly string[],
  waves: Waves,
  origin: Readonly<{ x: number; y: number }>,
  direction: LayoutDirection,
): Record<string, PlacedPosition> {
  const columns = waveColumns(ids, waves);
  const alongSize = direction === 'LR' ? NODE_WIDTH : NODE_HEIGHT;
  const acrossStep = direction === 'LR' ? NODE_HEIGHT + LANE_GAP : NODE_WIDTH + LANE_GAP;
  const lanes = columns.reduce((most, column) => Math.max(most, column.ids.length), 1);
  const bandStep = lanes * acrossStep + WAVE_GAP;
  const perBand = columnsPerBand(columns.length, alongSize + COLUMN_GAP, bandStep, direction);
  const out: Record<string, PlacedPosition> = {};
  let along = 0;
  let band = 0;
  columns.forEach((column, index) => {
    if (index > 0 && index % perBand === 0) {
      band += 1;
      along = 0;
    } else if (column.newWave && index > 0) {
      along += WAVE_GAP - COLUMN_GAP;
    }
    column.ids.forEach((id, lane) => {
      const across = band * bandStep + lane * acrossStep;
      out[id] = direction === 'LR' ? { x: origin.x + along, y: origin.y + across, rank: -1 } : { x: origin.x + across, y: origin.y + along, rank: -1 };
    });
    along += alongSize + COLUMN_GAP;
  });
  return out;
}

/** Below this many columns nothing wraps (a usual run reads as one row). */
const WRAP_FROM_COLUMNS = 24;
/** Width over height the wrapped block aims for (a screen's, roughly). */
const BLOCK_ASPECT = 1.8;

/**
 * Columns per band for a block about BLOCK_ASPECT wide: with c columns per band, width is
 * c·columnStep and height (C/c)·bandStep, so c = √(aspect·C·bandStep / columnStep) for LR
 * (the axes swap for TB). The bands that takes then share the columns evenly (a 200-step
 * burst is 25 columns: 24 and one orphan column under the first read as a stray, 16 and 9
 * as two rows). Rounded up to a multiple of 4, while the last band keeps at least half
 * a band, so a live run's growing column count re-wraps the block rarely, not at every
 * new step.
 */
function columnsPerBand(count: number, columnStep: number, bandStep: number, direction: LayoutDirection): number {
  if (count <= WRAP_FROM_COLUMNS) return count;
  const aspect = direction === 'LR' ? BLOCK_ASPECT : 1 / BLOCK_ASPECT;
  const ideal = Math.sqrt((aspect * count * bandStep) / columnStep);
  const widest = Math.max(WRAP_FROM_COLUMNS, Math.ceil(ideal / 8) * 8);
  const bands = Math.ceil(count / widest);
  const even = Math.ceil(count / bands);
  const rounded = Math.min(widest, Math.ceil(even / 4) * 4);
  const lastBand = count - (bands - 1) * rounded;
  return lastBand * 2 >= rounded ? rounded : even;
}

type WaveColumn = Readonly<{ ids: readonly string[]; newWave: boolean }>;

/** The columns in time order: each wave's members on the canvas, LANES_PER_COLUMN at a time. */
function waveColumns(ids: readonly string[], waves: Waves): WaveColumn[] {
  const wanted = new Set(ids);
  const columns: WaveColumn[] = [];
  for (const wave of [...waves, leftOver(ids, waves)]) {
    const members = wave.filter((id) => wanted.has(id));
    for (let i = 0; i < members.length; i += LANES_PER_COLUMN) columns.push({ ids: members.slice(i, i + LANES_PER_COLUMN), newWave: i === 0 });
  }
  return columns;
}

function leftOver(ids: readonly string[], waves: Waves): string[] {
  const placed = new Set(waves.flat());
  return ids.filter((id) => !placed.has(id));
}
