import { Component, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@/test/render.tsx';
import { t } from '@/lib/catalogue/index.ts';
import { lazyScreen } from './lazyScreen.tsx';

const Page = () => <p>La pagina</p>;

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  state = { error: null as string | null };
  static getDerivedStateFromError(e: Error) {
    return { error: e.message };
  }
  render() {
    return this.state.error ? <p>errore: {this.state.error}</p> : this.props.children;
  }
}

describe('lazyScreen', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the page loader until the screen arrives, then renders it at once on the next visit', async () => {
    const load = vi.fn(async () => ({ default: Page }));
    const Screen = lazyScreen(load);
    const first = render(<Screen />);
    expect(screen.getByRole('status')).toHaveTextContent(t.frame.pageLoading);
    expect(await screen.findByText('La pagina')).toBeInTheDocument();
    first.unmount();
    render(<Screen />);
    expect(screen.getByText('La pagina')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('throws a screen that cannot load to the error boundary, and tries again on the next visit', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ default: Page });
    const Screen = lazyScreen(load);
    const first = render(
      <Boundary>
        <Screen />
      </Boundary>,
    );
    expect(await screen.findByText('errore: offline')).toBeInTheDocument();
    first.unmount();
    render(<Screen />);
    expect(await screen.findByText('La pagina')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('says a screen whose code cannot be downloaded is not available offline, and loads it once back online', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /assets/TermsPage.js'))
      .mockResolvedValueOnce({ default: Page });
    const Screen = lazyScreen(load);
    render(<Screen />);
    expect(await screen.findByText(t.frame.screenOffline.title)).toBeInTheDocument();
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('La pagina')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
