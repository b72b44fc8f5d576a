/** What every overview candidate implements for benchmark 8 (bench/browser/overview-candidates.ts). */
import type { OverviewScene } from '@/features/canvas/overview/overview-scene';

export type CandidateView = Readonly<{ tx: number; ty: number; zoom: number; width: number; height: number }>;

export type Candidate = Readonly<{
  /** Draws (or schedules the library's own draw of) the view. */
  render: (view: CandidateView) => void;
  /** Status of node `i` changed (index into NODE_STATUSES). */
  setStatus: (i: number, status: number) => void;
}>;

export type CreateCandidate = (stage: HTMLElement, scene: OverviewScene, statuses: Uint8Array) => Promise<Candidate>;
