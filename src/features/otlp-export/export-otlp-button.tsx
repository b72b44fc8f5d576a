/**
 * "Export trace": the run as OpenTelemetry traces (OTLP JSON) for Jaeger, the Collector,
 * Langfuse or Phoenix. The SDK loads only on the click (its chunk is not in the first load).
 */
import { reviewerStore, shownDecider } from '@/stores/reviewer-store';
import { useRunSession } from '@/stores/run-session';
import { DownloadButton } from '@/components/ui/download-button';

export function ExportOtlpButton() {
  const session = useRunSession();
  const build = async () => {
    const { exportRunAsOtlp } = await import('@/features/otlp-export/export-run');
    const answers = session.answers.getState().byGate;
    const name = reviewerStore.getState().name;
    const text = exportRunAsOtlp(session, Date.now(), (gate) => shownDecider(gate, answers[gate.gateId], name));
    return { text, fileName: `runboard-${session.dialect.id}-${session.runId}.otlp.json`, type: 'application/json' };
  };
  return (
    <DownloadButton
      label="Export trace"
      busyLabel="Preparing trace…"
      failure="Trace export failed"
      title="Download this run as OpenTelemetry traces (OTLP JSON): opens in Jaeger, the OpenTelemetry Collector, Langfuse, Phoenix"
      build={build}
    />
  );
}
