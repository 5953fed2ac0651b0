// 'Something Went Wrong' after a render crash (spec 1 §8); the error goes to the error reporter.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '@/ui/error-reporter';

export function SomethingWentWrong() {
  return (
    <main className="grid min-h-full place-items-center bg-base-200 p-4">
      <section className="card max-w-md bg-base-100 shadow-md">
        <div className="card-body items-center text-center">
          <h1 className="card-title text-2xl">Something Went Wrong</h1>
          <p className="text-base-content/80">We've encountered an error that requires you to reload the page.</p>
          <button type="button" className="btn btn-primary mt-2" onClick={() => window.location.reload()}>
            Reload
          </button>
        </div>
      </section>
    </main>
  );
}

export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    reportError(error, info.componentStack ?? '');
  }
  override render() {
    return this.state.failed ? <SomethingWentWrong /> : this.props.children;
  }
}
