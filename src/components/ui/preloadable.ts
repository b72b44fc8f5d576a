import { createElement, useState, type ComponentType, type ReactNode } from 'react';

import { useSettled, watch } from '@/components/ui/use-settled';

export type Preloadable<P extends object> = Readonly<{
  /** Starts loading the component's code (once; again after a failure). */
  load: () => Promise<ComponentType<P>>;
  /** Shows `fallback` until the code is here, then the component; never suspends. */
  Component: ComponentType<P>;
}>;

/**
 * A component whose code loads on demand, like `lazy`, but drawn as soon as its code is
 * here (at once when it already is) rather than when React reveals a Suspense boundary,
 * which it holds back for up to 300 ms after the last fallback shown (useSettled). On a
 * run link the graph waited out that throttle twice: the page's, then the canvas'.
 * A chunk that fails to load is thrown to the nearest error boundary, as `lazy` does.
 */
export function preloadable<P extends object>(importer: () => Promise<ComponentType<P>>, fallback: ReactNode): Preloadable<P> {
  let pending: Promise<ComponentType<P>> | undefined;
  const load = () =>
    (pending ??= watch(
      importer().catch((error: unknown) => {
        pending = undefined;
        throw error;
      }),
    ));
  function Loaded(props: P) {
    // One load per mount: a remount after a failure (an error boundary's retry) asks again.
    const [loading] = useState(load);
    const Type = useSettled(loading);
    return Type ? createElement(Type, props) : fallback;
  }
  return { load, Component: Loaded };
}
