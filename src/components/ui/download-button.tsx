/**
 * A button whose file is built on the click (its code may load first, a live run's
 * recording is replayed once): while it builds, the button says so and takes no second
 * click; a failure is said beside it, never swallowed.
 */
import { useState } from 'react';

import { downloadText } from '@/lib/download-text';
import { Button } from '@/components/ui/button';

export type DownloadFile = Readonly<{ text: string; fileName: string; type?: string }>;

type Props = Readonly<{
  label: string;
  busyLabel: string;
  title: string;
  /** Says what failed: "Trace export failed" → "Trace export failed: <reason>". */
  failure: string;
  build: () => Promise<DownloadFile>;
}>;

export function DownloadButton({ label, busyLabel, title, failure, build }: Props) {
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      const file = await build();
      downloadText(file.text, file.fileName, file.type);
    } catch (error) {
      setProblem(`${failure}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="sm" onClick={() => void download()} disabled={busy} aria-busy={busy} title={title}>
        {busy ? busyLabel : label}
      </Button>
      {problem !== undefined && <span role="alert" className="text-xs text-red-700 dark:text-red-400">{problem}</span>}
    </>
  );
}
