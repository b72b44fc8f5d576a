/** One text of a call (prompt, reasoning, response) as plain text, with a Copy button. Hostile text stays text. */
import { useState } from 'react';

import { Button } from '@/components/ui/button';

export function CallText({ label, text }: Readonly<{ label: string; text: string }>) {
  const [copied, setCopied] = useState<'yes' | 'failed' | undefined>();
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  return (
    <section aria-label={label} className="mt-2">
      <div className="flex items-center gap-2">
        <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">{label}</h4>
        <Button size="sm" variant="ghost" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
          Copy
        </Button>
        <span role="status" className="text-xs text-slate-600 dark:text-slate-400">
          {copied === 'yes' ? 'Copied' : copied === 'failed' ? 'Copy refused by the browser' : ''}
        </span>
      </div>
      <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-words rounded bg-slate-100 p-2 font-mono text-xs text-slate-900 dark:bg-slate-800 dark:text-slate-100">{text}</pre>
    </section>
  );
}
