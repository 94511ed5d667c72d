import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { isChunkLoadError } from '@/lib/chunkError.ts';
import { ErrorFallback } from './ErrorFallback.tsx';
import { ScreenOffline } from './ScreenOffline.tsx';

class Boundary extends Component<{ resetKey: string; children: ReactNode }, { error: unknown; failed: boolean }> {
  state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  componentDidUpdate(previous: { resetKey: string }) {
    // Another page: give the app another chance, as a data router's errorElement does.
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.retry();
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  retry = () => this.setState({ error: undefined, failed: false });

  render() {
    if (!this.state.failed) return this.props.children;
    // Code that could not be downloaded (a dialog's, offline): not a bug, it loads once online.
    return isChunkLoadError(this.state.error) ? <ScreenOffline onRetry={this.retry} /> : <ErrorFallback />;
  }
}

/** 'Unexpected Application Error!' for a render error anywhere below, until the next navigation. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}
