import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorFallback } from './ErrorFallback.tsx';

class Boundary extends Component<{ resetKey: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidUpdate(previous: { resetKey: string }) {
    // Another page: give the app another chance, as a data router's errorElement does.
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}

/** SPEC §8 'Unexpected Application Error!' for a render error anywhere below, until the next navigation. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}
