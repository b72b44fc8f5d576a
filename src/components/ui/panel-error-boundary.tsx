import { Component, type ErrorInfo, type ReactNode } from 'react';

type Props = { name: string; children: ReactNode };
type State = { error: Error | null };

/**
 * One per panel: a crash in one view shows a readable message and a reload control
 * here, and every other panel keeps working (a broken view never blanks the screen).
 */
export class PanelErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    // Kept for developers; contains no frame content beyond the message.
    console.error(`[runboard] the ${this.props.name} panel crashed`, error.message, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="m-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
        <p className="font-semibold">The {this.props.name} panel stopped working.</p>
        <p className="mt-1 break-words">{this.state.error.message}</p>
        <p className="mt-1 text-xs opacity-80">The other panels and the stream are unaffected.</p>
        <button
          type="button"
          className="mt-2 rounded border border-red-400 px-2 py-1 text-xs font-medium hover:bg-red-100 dark:hover:bg-red-900"
          onClick={() => this.setState({ error: null })}
        >
          Reload panel
        </button>
      </div>
    );
  }
}
