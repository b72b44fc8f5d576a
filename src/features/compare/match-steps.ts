/**
 * Which step of run A is which step of run B. Pure; guarded by match-steps.test.ts.
 *
 * Rules, in order:
 * 1. Same id: the strongest evidence (same workflow, same backend).
 * 2. Same label (trimmed, case and spacing ignored) among what is left; duplicate labels pair
 *    in the order they occur (the 2nd "search" of A with the 2nd "search" of B).
 * 3. By order where neither matched: the matches above that keep both runs' order (the longest
 *    chain of them) cut both runs into gaps; inside a gap, what is left of A pairs with what is
 *    left of B position by position (two protocols naming the same steps differently).
 * What is left after that is only in one run. Rows come out in A's order, each step of B
 * that only B has placed after the row of the B step before it.
 */
export type MatchKind = 'id' | 'label' | 'order';

export type StepKey = Readonly<{ id: string; label: string }>;

/** One row: indexes into A's and B's steps; `by` is how a pair was matched. */
export type StepPair = Readonly<{ a?: number; b?: number; by?: MatchKind }>;

const normal = (label: string) => label.trim().replace(/\s+/g, ' ').toLowerCase();

export function matchSteps(a: readonly StepKey[], b: readonly StepKey[]): StepPair[] {
  const partnerOfA = new Array<number>(a.length).fill(-1);
  const partnerOfB = new Array<number>(b.length).fill(-1);
  const kind = new Array<MatchKind | undefined>(a.length);
  const link = (i: number, j: number, by: MatchKind) => {
    partnerOfA[i] = j;
    partnerOfB[j] = i;
    kind[i] = by;
  };
  matchByKey(a, b, (s) => s.id, partnerOfB, (i, j) => link(i, j, 'id'));
  matchByKey(a, b, (s) => normal(s.label), partnerOfB, (i, j) => {
    if (partnerOfA[i] !== -1) return false;
    link(i, j, 'label');
  });
  matchByOrder(partnerOfA, partnerOfB, (i, j) => link(i, j, 'order'));
  return orderRows(partnerOfA, partnerOfB, kind);
}

/** Pairs steps of A (in order) with the first free step of B having the same key. */
function matchByKey(a: readonly StepKey[], b: readonly StepKey[], key: (s: StepKey) => string, partnerOfB: readonly number[], link: (i: number, j: number) => boolean | void) {
  const free = new Map<string, number[]>();
  b.forEach((step, j) => {
    if (partnerOfB[j] !== -1) return;
    const k = key(step);
    const queue = free.get(k);
    if (queue) queue.push(j);
    else free.set(k, [j]);
  });
  a.forEach((step, i) => {
    const queue = free.get(key(step));
    const j = queue?.[0];
    if (j !== undefined && link(i, j) !== false) queue?.shift();
  });
}

/** Inside each gap between order-keeping matches, the unmatched steps of both sides pair by position. */
function matchByOrder(partnerOfA: readonly number[], partnerOfB: readonly number[], link: (i: number, j: number) => void) {
  const anchors = longestChain(partnerOfA);
  let fromA = 0;
  let fromB = 0;
  for (const [ai, bj] of [...anchors, [partnerOfA.length, partnerOfB.length] as const]) {
    const leftA: number[] = [];
    for (let i = fromA; i < ai; i++) if (partnerOfA[i] === -1) leftA.push(i);
    const leftB: number[] = [];
    for (let j = fromB; j < bj; j++) if (partnerOfB[j] === -1) leftB.push(j);
    const n = Math.min(leftA.length, leftB.length);
    for (let k = 0; k < n; k++) link(leftA[k] as number, leftB[k] as number);
    fromA = ai + 1;
    fromB = bj + 1;
  }
}

/** The longest set of matches whose B indexes increase with A's (patience sorting, O(n log n)). */
function longestChain(partnerOfA: readonly number[]): (readonly [number, number])[] {
  const tails: number[] = []; // tails[k]: A index ending the best chain of length k+1
  const previous = new Array<number>(partnerOfA.length).fill(-1);
  partnerOfA.forEach((j, i) => {
    if (j === -1) return;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((partnerOfA[tails[mid] as number] as number) < j) lo = mid + 1;
      else hi = mid;
    }
    previous[i] = lo > 0 ? (tails[lo - 1] as number) : -1;
    tails[lo] = i;
  });
  const chain: (readonly [number, number])[] = [];
  for (let i = tails.length > 0 ? (tails[tails.length - 1] as number) : -1; i !== -1; i = previous[i] as number) chain.push([i, partnerOfA[i] as number]);
  return chain.reverse();
}

/** A's order; a step only B has goes after the row of the nearest B step before it that has a partner. */
function orderRows(partnerOfA: readonly number[], partnerOfB: readonly number[], kind: readonly (MatchKind | undefined)[]): StepPair[] {
  const rows: { pair: StepPair; at: number; tie: number }[] = partnerOfA.map((j, i) =>
    j === -1 ? { pair: { a: i }, at: i, tie: -1 } : { pair: { a: i, b: j, by: kind[i] as MatchKind }, at: i, tie: -1 },
  );
  let anchor = -0.5;
  partnerOfB.forEach((i, j) => {
    if (i !== -1) anchor = i + 0.5;
    else rows.push({ pair: { b: j }, at: anchor, tie: j });
  });
  rows.sort((x, y) => x.at - y.at || x.tie - y.tie);
  return rows.map((r) => r.pair);
}
