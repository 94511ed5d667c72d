import { beforeEach, describe, expect, it } from 'vitest';
import { Route, Routes, useLocation } from 'react-router-dom';
import { act, render, screen } from '@/test/render.tsx';
import { t } from '@/lib/catalogue/index.ts';
import { useSessionStore, type Role } from '@/features/auth/index.ts';
import { Guard } from './Guard.tsx';

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

function app(route: string) {
  return render(
    <Routes>
      <Route element={<Guard access="member" />}>
        <Route path="/dashboard" element={<p>dashboard</p>} />
      </Route>
      <Route element={<Guard access="memberAllowBanned" />}>
        <Route path="/my-tickets" element={<p>tickets</p>} />
      </Route>
      <Route element={<Guard access="authPage" />}>
        <Route path="/auth" element={<Where />} />
        <Route path="/auth-form" element={<p>auth form</p>} />
      </Route>
      <Route element={<Guard access="staff" />}>
        <Route path="/admin" element={<p>admin</p>} />
      </Route>
      <Route path="*" element={<Where />} />
    </Routes>,
    { route },
  );
}

function signIn(role: Role | null) {
  useSessionStore.setState({
    status: 'ready',
    roleStatus: role ? 'ready' : 'idle',
    user: role ? { id: 'u1', email: 'u@x.it' } : null,
    role,
  });
}

describe('Guard', () => {
  beforeEach(() => signIn(null));

  it('shows the loading screen until the session is known', () => {
    useSessionStore.setState({ status: 'loading' });
    app('/dashboard');
    expect(screen.getByText(t.common.loading.title)).toBeInTheDocument();
    expect(screen.getByText(t.common.loading.subtitle)).toBeInTheDocument();
  });

  it('sends anonymous visitors to /auth with the return path', () => {
    app('/dashboard');
    expect(screen.getByTestId('where')).toHaveTextContent('/auth?tab=login&redirect=%2Fdashboard');
  });

  it('sends banned users to /banned, except from /my-tickets', () => {
    signIn('banned');
    app('/dashboard');
    expect(screen.getByTestId('where')).toHaveTextContent('/banned');
  });

  it('lets banned users see /my-tickets', () => {
    signIn('banned');
    app('/my-tickets');
    expect(screen.getByText('tickets')).toBeInTheDocument();
  });

  it('sends signed-in users away from /auth by role', () => {
    signIn('supporto');
    app('/auth');
    expect(screen.getByText('admin')).toBeInTheDocument();
  });

  it('keeps /admin to staff', () => {
    signIn('user');
    app('/admin');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  describe('while the session is known and the role is still loading', () => {
    /** Signed in, role on its way; `stale` is the role left by the previous user, if any. */
    function roleLoading(stale: Role | null) {
      useSessionStore.setState({ status: 'ready', roleStatus: 'loading', user: { id: 'u2', email: 'v@x.it' }, role: stale });
    }

    // Every guard of the route table (routes.tsx), with a role that would open it once known.
    it.each([
      ['member', '/dashboard', 'dashboard', null],
      ['member', '/dashboard', 'dashboard', 'user'],
      ['memberAllowBanned', '/my-tickets', 'tickets', null],
      ['authPage', '/auth-form', 'auth form', null],
      ['staff', '/admin', 'admin', null],
      ['staff', '/admin', 'admin', 'admin'],
    ] as const)('%s: %s ("%s") shows only the page loader, stale role %s', (_access, route, content, stale) => {
      roleLoading(stale);
      app(route);
      expect(screen.queryByText(content)).not.toBeInTheDocument();
      expect(screen.queryByTestId('where')).not.toBeInTheDocument(); // no redirect decided on a role not yet known
      expect(screen.getByText(t.frame.pageLoading)).toBeInTheDocument();
    });

    it('a banned user never sees /dashboard: the loader, then /banned', async () => {
      roleLoading(null);
      app('/dashboard');
      expect(screen.queryByText('dashboard')).not.toBeInTheDocument();
      await act(async () => useSessionStore.setState({ roleStatus: 'ready', role: 'banned' }));
      expect(screen.queryByText('dashboard')).not.toBeInTheDocument();
      expect(screen.getByTestId('where')).toHaveTextContent('/banned');
    });

    it('staff see /admin once their role arrives', async () => {
      roleLoading(null);
      app('/admin');
      expect(screen.queryByText('admin')).not.toBeInTheDocument();
      await act(async () => useSessionStore.setState({ roleStatus: 'ready', role: 'supporto' }));
      expect(screen.getByText('admin')).toBeInTheDocument();
    });
  });
});
