/** Previous / next page of a list, with where we are in words. */
import { Button } from '@/components/ui/button';

type Props = Readonly<{ label: string; position: string; hasPrevious: boolean; hasNext: boolean; onPrevious: () => void; onNext: () => void }>;

export function Pager({ label, position, hasPrevious, hasNext, onPrevious, onNext }: Props) {
  if (!hasPrevious && !hasNext) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-end gap-2 text-xs text-slate-600 dark:text-slate-300">
      <span>{position}</span>
      <Button size="sm" disabled={!hasPrevious} onClick={onPrevious}>Previous page</Button>
      <Button size="sm" disabled={!hasNext} onClick={onNext}>Next page</Button>
    </nav>
  );
}
