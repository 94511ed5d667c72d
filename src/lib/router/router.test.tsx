import { act, fireEvent, render, screen } from '@testing-library/react';
import { lazy, Suspense, useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
  type NavigateFunction,
} from './index.ts';

/** The current location and navigation type, and the navigate and setSearchParams functions for the test. */
const probe: { navigate?: NavigateFunction; setParams?: ReturnType<typeof useSearchParams>[1] } = {};
function Where() {
  const { pathname, search, hash, state } = useLocation();
  const navigate = useNavigate();
  const setParams = useSearchParams()[1];
  useEffect(() => {
    probe.navigate = navigate;
    probe.setParams = setParams;
  });
  return (
    <output data-testid="where">
      {`${useNavigationType()} ${pathname}${search}${hash}`}
      {state ? ` ${JSON.stringify(state)}` : ''}
    </output>
  );
}
const where = () => screen.getByTestId('where').textContent;

/** Clicks `element`; true when the router left the click to the browser (jsdom, which cannot follow it, is then stopped). */
function clickLeftToBrowser(element: HTMLElement, init?: MouseEventInit) {
  let left = false;
  const after = (event: Event) => {
    left = !event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener('click', after, { once: true });
  fireEvent.click(element, init);
  return left;
}

function Layout() {
  const { id = '-' } = useParams();
  return (
    <section>
      <p data-testid="layout-param">{id}</p>
      <Outlet />
    </section>
  );
}

function Listing() {
  const { id } = useParams();
  return <p data-testid="listing">listing {id}</p>;
}

const app = (entries: string[]) => (
  <MemoryRouter initialEntries={entries}>
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<p>home</p>} />
        <Route path="/listing/:id" element={<Listing />} />
        <Route path="*" element={<p>not found</p>} />
      </Route>
    </Routes>
    <Where />
    <Link to="/listing/7" data-testid="to-listing">
      annuncio
    </Link>
  </MemoryRouter>
);

describe('router', () => {
  it('renders nested routes through Outlet, with the params at every level', () => {
    render(app(['/listing/abc']));
    expect(screen.getByTestId('listing')).toHaveTextContent('listing abc');
    expect(screen.getByTestId('layout-param')).toHaveTextContent('abc');
    expect(where()).toBe('POP /listing/abc');
  });

  it('renders the index route and the splat route', () => {
    const { unmount } = render(app(['/']));
    expect(screen.getByText('home')).toBeInTheDocument();
    unmount();
    render(app(['/a/b']));
    expect(screen.getByText('not found')).toBeInTheDocument();
  });

  it('reports PUSH, REPLACE and POP, and carries the state', async () => {
    render(app(['/']));
    act(() => probe.navigate!('/listing/1?x=1#top', { state: { from: 'test' } }));
    expect(where()).toBe('PUSH /listing/1?x=1#top {"from":"test"}');
    act(() => probe.navigate!('/listing/2', { replace: true }));
    expect(where()).toBe('REPLACE /listing/2');
    act(() => probe.navigate!(-1));
    expect(where()).toBe('POP /');
  });

  it('sets the search params from URLSearchParams, a record or a function, keeping the path and dropping the hash', async () => {
    render(app(['/listing/1?a=1#h']));
    act(() => probe.setParams!(new URLSearchParams('b=2')));
    expect(where()).toBe('PUSH /listing/1?b=2');
    act(() => probe.setParams!({ c: '3 4' }, { replace: true }));
    expect(where()).toBe('REPLACE /listing/1?c=3+4');
    act(() =>
      probe.setParams!((prev) => {
        prev.append('d', '5');
        return prev;
      }),
    );
    expect(where()).toBe('PUSH /listing/1?c=3+4&d=5');
    act(() => probe.setParams!({}));
    expect(where()).toBe('PUSH /listing/1');
  });

  it('keeps the page on screen while a lazy screen downloads (a navigation is a transition)', async () => {
    let resolveScreen!: () => void;
    const pending = new Promise<void>((resolve) => (resolveScreen = resolve));
    const Lazy = lazy(() => pending.then(() => ({ default: () => <p>lazy</p> })));
    render(
      <MemoryRouter initialEntries={['/']}>
        <Suspense fallback={<p>loading</p>}>
          <Routes>
            <Route path="/" element={<p>home</p>} />
            <Route path="/lazy" element={<Lazy />} />
          </Routes>
        </Suspense>
        <Where />
      </MemoryRouter>,
    );
    act(() => probe.navigate!('/lazy'));
    expect(screen.getByText('home')).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
    await act(async () => resolveScreen());
    expect(await screen.findByText('lazy')).toBeInTheDocument();
  });

  it('redirects with Navigate', () => {
    render(
      <MemoryRouter initialEntries={['/old']}>
        <Routes>
          <Route path="/old" element={<Navigate to="/new?q=1" replace />} />
          <Route path="/new" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(where()).toBe('REPLACE /new?q=1');
  });
});

describe('Link', () => {
  it('has the href and handles a plain left click in the app', () => {
    render(app(['/']));
    const link = screen.getByTestId('to-listing');
    expect(link).toHaveAttribute('href', '/listing/7');
    expect(clickLeftToBrowser(link)).toBe(false);
    expect(where()).toBe('PUSH /listing/7');
  });

  it.each([{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }])('leaves a %o click to the browser', (init) => {
    render(app(['/']));
    expect(clickLeftToBrowser(screen.getByTestId('to-listing'), init)).toBe(true);
    expect(where()).toBe('POP /');
  });

  it('leaves a link with another target to the browser', () => {
    render(
      <MemoryRouter>
        <Link to="/termini" target="_blank">
          termini
        </Link>
        <Where />
      </MemoryRouter>,
    );
    expect(clickLeftToBrowser(screen.getByText('termini'))).toBe(true);
    expect(where()).toBe('POP /');
  });

  it('runs onClick first, and stays put when it prevents the default', () => {
    render(
      <MemoryRouter>
        <Link to="/a" onClick={(e) => e.preventDefault()}>
          a
        </Link>
        <Where />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByText('a'));
    expect(where()).toBe('POP /');
  });

  it('replaces the entry when linking to the current path, unless told', () => {
    render(
      <MemoryRouter initialEntries={['/a?x=1']}>
        <Link to="/a?x=1">same</Link>
        <Link to={{ search: '?x=1' }} replace={false}>
          pushed
        </Link>
        <Link to={{ pathname: '/b' }} replace state={{ n: 1 }}>
          b
        </Link>
        <Where />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByText('same'));
    expect(where()).toBe('REPLACE /a?x=1');
    expect(screen.getByText('pushed')).toHaveAttribute('href', '/a?x=1');
    fireEvent.click(screen.getByText('pushed'));
    expect(where()).toBe('PUSH /a?x=1');
    fireEvent.click(screen.getByText('b'));
    expect(where()).toBe('REPLACE /b {"n":1}');
  });
});

describe('BrowserRouter', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('writes the browser history and follows Back', async () => {
    render(
      <BrowserRouter>
        <Where />
        <Link to="/listing/9?q=1" state={{ via: 'link' }}>
          go
        </Link>
      </BrowserRouter>,
    );
    expect(where()).toBe('POP /');
    fireEvent.click(screen.getByText('go'));
    expect(where()).toBe('PUSH /listing/9?q=1 {"via":"link"}');
    expect(window.location.pathname + window.location.search).toBe('/listing/9?q=1');
    expect(window.history.state).toMatchObject({ usr: { via: 'link' }, key: expect.any(String) });
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(where()).toBe('POP /');
  });
});
