import { beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen } from '@/test/render.tsx';
import { t } from '@/lib/catalogue/screens.ts';
import { useSessionStore } from '@/features/auth/index.ts';

// The sections' data is not this test's: their calls answer nothing.
vi.mock('../api.ts', () => ({
  fetchOverview: vi.fn(() => new Promise(() => undefined)),
  fetchStaffTickets: vi.fn(() => new Promise(() => undefined)),
  fetchReports: vi.fn(() => new Promise(() => undefined)),
  fetchAuditLog: vi.fn(() => new Promise(() => undefined)),
  subscribeTable: vi.fn(() => () => undefined),
  AUDIT_PAGE_SIZE: 50,
}));
const { default: AdminPage } = await import('./AdminPage.tsx');

const s = t.admin.sections;
const as = (role: 'admin' | 'supporto') =>
  useSessionStore.setState({ status: 'ready', roleStatus: 'ready', user: { id: 'u1', email: 'staff@x.it' }, role });

describe('AdminPage', () => {
  beforeEach(() => as('supporto'));

  it('shows supporto the shared sections and not the admin-only ones', () => {
    render(<AdminPage />);
    expect(screen.getByRole('heading', { name: t.admin.title })).toBeInTheDocument();
    for (const name of [s.overview, s.tickets, s.reports]) expect(screen.getByRole('tab', { name })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: s.auditLog })).not.toBeInTheDocument();
  });

  it('shows admin the Registro', () => {
    as('admin');
    render(<AdminPage />);
    expect(screen.getByRole('tab', { name: s.auditLog })).toBeInTheDocument();
  });

  it('opens the section named in ?sezione= and switches on a click', async () => {
    render(<AdminPage />, { route: '/admin?sezione=segnalazioni' });
    expect(screen.getByRole('tab', { name: s.reports })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: s.tickets }));
    expect(screen.getByRole('tab', { name: s.tickets })).toHaveAttribute('aria-selected', 'true');
  });

  it.each([
    ['registro', s.auditLog],
    ['coupon', t.adminStaff.coupons.label],
    ['impostazioni', t.adminStaff.settings.label],
  ])('tells supporto asking for ?sezione=%s that it is for administrators, and opens the first section', async (id, label) => {
    render(<AdminPage />, { route: `/admin?sezione=${id}` });
    expect(screen.getByRole('tab', { name: s.overview })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('admin-only-section')).toHaveTextContent(t.admin.adminOnly(label, s.overview));
    await userEvent.click(screen.getByRole('tab', { name: s.tickets }));
    expect(screen.queryByTestId('admin-only-section')).not.toBeInTheDocument();
  });

  it('says nothing to an admin opening an admin-only section, or to anyone opening an unknown one', () => {
    as('admin');
    render(<AdminPage />, { route: '/admin?sezione=registro' });
    expect(screen.getByRole('tab', { name: s.auditLog })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByTestId('admin-only-section')).not.toBeInTheDocument();
  });
});
