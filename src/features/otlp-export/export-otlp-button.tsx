/**
 * "Export trace": the run as OpenTelemetry traces (OTLP JSON) for Jaeger, the Collector,
 * Langfuse or Phoenix. The SDK loads only on the click (its chunk is not in the first load).
 */
import { useState } from 'react';

import { downloadText } from '@/lib/download-text';
import { reviewerStore, shownDecider } from '@/stores/reviewer-store';
import { useRunSession } from '@/stores/run-session';
import { Button } from '@/components/ui/button';

export function ExportOtlpButton() {
  const session = useRunSession();
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const exportTrace = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      const { exportRunAsOtlp } = await import('@/features/otlp-export/export-run');
      const answers = session.answers.getState().byGate;
      const name = reviewerStore.getState().name;
      const text = exportRunAsOtlp(session, Date.now(), (gate) => shownDecider(gate, answers[gate.gateId], name));
      downloadText(text, `runboard-${session.dialect.id}-${session.runId}.otlp.json`, 'application/json');
    } catch (error) {
      setProblem(`Trace export failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="sm" onClick={() => void exportTrace()} disabled={busy} title="Download this run as OpenTelemetry traces (OTLP JSON): opens in Jaeger, the OpenTelemetry Collector, Langfuse, Phoenix">
        Export trace
      </Button>
      {problem !== undefined && <span role="alert" className="text-xs text-red-700 dark:text-red-400">{problem}</span>}
    </>
  );
}
