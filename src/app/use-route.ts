import { useCallback, useEffect, useState } from 'react';

/** The current `location.search`, kept in step with back/forward and our own navigation. */
export function useSearch(): [string, (search: string, replace?: boolean) => void] {
  const [search, setSearch] = useState(() => window.location.search);
  useEffect(() => {
    const onPop = () => setSearch(window.location.search);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback((next: string, replace = false) => {
    const url = `${window.location.pathname}${next}`;
    if (replace) window.history.replaceState(null, '', url);
    else window.history.pushState(null, '', url);
    setSearch(next);
  }, []);
  return [search, navigate];
}
