/**
 * `?compare=A&compare=B`: opens both runs as their own links would (open-compare-side.ts),
 * keeps their facts current (use-run-facts.ts) and shows the compare screen. Loaded on its
 * own, with jsdiff: no other page waits for this code. A side that cannot be opened says why,
 * with the other side's link; nothing else on the page goes blank.
 */
import { useEffect, useState } from 'react';

import { AppNav } from '@/app/app-nav';
import { parseCompareRoute, type CompareSide } from '@/app/compare/compare-address';
import { openCompareSide, searchOfSide } from '@/app/compare/open-compare-side';
import { useRunFacts } from '@/app/compare/use-run-facts';
import { RecordingNotFound } from '@/session';
import { parseRoute, type Route } from '@/app/url-contract';
import { KNOWN_DIALECTS } from '@/protocol/dialect-info';
import { useKeptBackends } from '@/stores/backends-store';
import type { RunSession } from '@/stores/run-session';

import { CompareView } from '@/features/compare/compare-view';
import { errorMessage } from '@/lib/error-message';

type Side = { kind: 'loading' } | { kind: 'failed'; title: string; message: string } | { kind: 'ready'; session: RunSession };

type Props = Readonly<{ route: Extract<Route, { kind: 'compare' }>; navigate: (search: string) => void }>;

export function ComparePage({ route, navigate }: Props) {
  const checked = parseCompareRoute(route.addresses, (address) => parseRoute(address, KNOWN_DIALECTS));
  if (checked.kind === 'invalid') return <InvalidLink problems={checked.problems} />;
  return <Compare sides={checked.sides} navigate={navigate} />;
}

function Compare({ sides, navigate }: { sides: readonly [CompareSide, CompareSide]; navigate: (search: string) => void }) {
  const [sideA, sideB] = sides;
  const a = useSide(sideA);
  const b = useSide(sideB);
  const factsA = useRunFacts(a.kind === 'ready' ? a.session : undefined);
  const factsB = useRunFacts(b.kind === 'ready' ? b.session : undefined);
  const hrefs = [searchOfSide(sideA), searchOfSide(sideB)] as const;
  const hasConsole = useKeptBackends().length > 0;
  return (
    <div className="flex h-full flex-col">
      <AppNav current="compare" navigate={navigate} hasConsole={hasConsole} />
      {factsA && factsB ? (
        <CompareView a={factsA} b={factsB} hrefs={hrefs} navigate={navigate} />
      ) : (
        <main className="mx-auto flex w-full max-w-2xl flex-col gap-3 p-8">
          <h1 className="text-xl font-semibold">Compare two runs</h1>
          <SideState name="A" side={a} href={hrefs[0]} />
          <SideState name="B" side={b} href={hrefs[1]} />
        </main>
      )}
    </div>
  );
}

function useSide(side: CompareSide): Side {
  const [state, setState] = useState<Side>({ kind: 'loading' });
  const key = searchOfSide(side);
  useEffect(() => {
    let cancelled = false;
    setState({ kind: 'loading' });
    openCompareSide(side)
      .then((session) => !cancelled && setState({ kind: 'ready', session }))
      .catch((error: unknown) => {
        if (cancelled) return;
        const title = error instanceof RecordingNotFound ? 'Recording not found' : 'This run cannot be opened';
        setState({ kind: 'failed', title, message: errorMessage(error) });
      });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one opening per address
  }, [key]);
  return state;
}

function SideState({ name, side, href }: { name: string; side: Side; href: string }) {
  if (side.kind === 'failed') {
    return (
      <section aria-label={`Run ${name}`} className="rounded-lg border border-red-300 p-3 dark:border-red-800">
        <h2 className="font-semibold">Run {name}: {side.title}</h2>
        <p role="alert" className="mt-1 text-sm break-words">{side.message}</p>
        <a className="mt-1 inline-block text-sm text-sky-700 underline dark:text-sky-300" href={`/${href}`}>Open run {name} on its own</a>
      </section>
    );
  }
  return (
    <p role="status" className="text-sm">
      Run {name}: {side.kind === 'loading' ? 'opening…' : 'open, reading its steps…'}
    </p>
  );
}

/** The same words as any link that cannot be opened, with what is wrong with each address. */
function InvalidLink({ problems }: { problems: readonly string[] }) {
  return (
    <main className="mx-auto max-w-2xl p-8">
      <h1 className="text-xl font-semibold">This link cannot be opened</h1>
      <ul className="mt-2 list-disc pl-5 text-sm break-words">
        {problems.map((problem) => <li key={problem}>{problem}</li>)}
      </ul>
      <a className="mt-4 inline-block text-sky-700 underline dark:text-sky-300" href="/">Go to the start page</a>
    </main>
  );
}
