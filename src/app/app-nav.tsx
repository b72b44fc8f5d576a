/** The bar above the console and a backend's list: where you are, the other pages, and the reviewer inbox. */
import { GateCenter } from '@/app/run/gate-center';
import { WELCOME_SEARCH } from '@/app/url-contract';

type Props = Readonly<{ current: 'console' | 'backend' | 'compare'; navigate: (search: string) => void; hasConsole: boolean }>;

export function AppNav({ current, navigate, hasConsole }: Props) {
  const link = 'rounded px-2 py-0.5 text-sm hover:bg-slate-200 dark:hover:bg-slate-800';
  const go = (search: string) => (event: React.MouseEvent) => {
    event.preventDefault();
    navigate(search);
  };
  return (
    <nav aria-label="Runboard" className="flex items-center gap-2 border-b border-slate-200 bg-slate-100 px-4 py-1.5 dark:border-slate-800 dark:bg-slate-950">
      <a href="/" onClick={go('')} className="mr-2 text-sm font-bold tracking-tight">Runboard</a>
      {hasConsole && (
        <a href="/" onClick={go('')} aria-current={current === 'console' ? 'page' : undefined} className={`${link} ${current === 'console' ? 'font-semibold' : ''}`}>
          Console
        </a>
      )}
      <a href={`/${WELCOME_SEARCH}`} onClick={go(WELCOME_SEARCH)} className={link}>Simulator &amp; samples</a>
      <div className="ml-auto flex items-center gap-2">
        <GateCenter activeSession={undefined} />
      </div>
    </nav>
  );
}
