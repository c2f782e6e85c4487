import { Component, type ReactNode } from 'react';
import { ErrorPanel } from './error-panel.tsx';

interface ErrorBoundaryState {
  error: Error | null;
}

/**
 * Spec section 2's generic fallback: when a view crashes while rendering, "Something went wrong" with the error's
 * message (or "An unexpected error occurred") and Try Again, instead of a blank page.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown): void {
    console.error('A view failed to render', error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <ErrorPanel
        title="Something went wrong"
        message={this.state.error.message || 'An unexpected error occurred'}
        retryable
        onRetry={() => this.setState({ error: null })}
      />
    );
  }
}
