import { describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen } from '@/test/render.tsx';
import { t } from '@/lib/catalogue/screens.ts';

const api = vi.hoisted(() => ({ fetchAuditLog: vi.fn(), AUDIT_PAGE_SIZE: 50 }));
vi.mock('../api.ts', () => api);
const { default: AuditLogSection } = await import('./AuditLogSection.tsx');

const c = t.adminStaff.common;
const row = (id: number) => ({
  id,
  action: 'ticket_replied',
  actor_email: 'supporto@incontri.local',
  actor_id: null,
  actor_role: 'supporto',
  after: null,
  before: null,
  created_at: '2026-11-23T10:00:00Z',
  entity_id: null,
  entity_label: `Ticket ${id}`,
  entity_type: 'ticket',
  reason: null,
});

describe('AuditLogSection', () => {
  it('pages a long Registro with named arrows (a bare Pagination had none: axe failed admin-panel once the log passed 50 entries)', async () => {
    api.fetchAuditLog.mockImplementation((_f: unknown, _r: unknown, page: number) =>
      Promise.resolve({ rows: Array.from({ length: 50 }, (_, i) => row(page * 50 + i)), total: 120 }),
    );
    render(<AuditLogSection />);
    expect(await screen.findByRole('button', { name: c.previous })).toBeDisabled();
    expect(screen.getByText(c.pageOf(1, 3))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: c.next }));
    expect(await screen.findByText(c.pageOf(2, 3))).toBeInTheDocument();
    expect(api.fetchAuditLog).toHaveBeenLastCalledWith(expect.anything(), expect.anything(), 1);
  });
});
