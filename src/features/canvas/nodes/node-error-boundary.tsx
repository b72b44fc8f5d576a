/**
 * An error boundary inside each canvas node (after tldraw's per-shape boundary):
 * one node that throws while rendering shows a small fallback box with its label, and
 * the rest of the canvas keeps working.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { asError } from '@/lib/error-message';

type Props = Readonly<{ label: string; children: ReactNode }>;
type State = { error: Error | undefined };

export class NodeErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { error: asError(error) };
  }

  override componentDidCatch(_error: Error, _info: ErrorInfo): void {
    // Nothing to report to: the fallback itself tells the person what happened.
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <div
        role="alert"
        className="flex h-full w-full flex-col justify-center rounded-md border-2 border-dashed border-red-500 bg-white p-2 text-xs text-red-700 dark:bg-slate-900 dark:text-red-300"
      >
        <span className="truncate font-semibold">{this.props.label}</span>
        <span>this node could not be drawn</span>
        <span className="truncate opacity-80" title={this.state.error.message}>{this.state.error.message}</span>
      </div>
    );
  }
}
