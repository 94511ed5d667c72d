import { beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen } from '@/test/render.tsx';
import { t } from '@/lib/catalogue/screens.ts';
import { useSessionStore } from '@/features/auth/index.ts';
import { useCouponsStore } from '../store.ts';

const api = vi.hoisted(() => ({ applyCoupon: vi.fn(), fetchMyCoupons: vi.fn() }));
vi.mock('../api.ts', () => api);
const { default: MyCouponsPage } = await import('./MyCouponsPage.tsx');

const m = t.money.coupons;
const coupon = (id: string, over: object) => ({
  id, code: id.toUpperCase(), type: 'single_use', discount_type: 'credits', discount_value: 10, expires_at: null,
  applies_to_user_id: null, created_at: '2026-01-01T00:00:00Z', is_active: true, max_uses: null, usage_count: 0, ...over,
});

describe('MyCouponsPage', () => {
  beforeEach(() => {
    useSessionStore.setState({ status: 'ready', roleStatus: 'ready', user: { id: 'u1', email: 'u@x.it' }, role: 'user' });
    useCouponsStore.setState({ owner: null, applied: null });
    api.fetchMyCoupons.mockReset();
    api.applyCoupon.mockReset();
  });

  it('lists coupons in status order with their type and expiry', async () => {
    api.fetchMyCoupons.mockResolvedValue({
      coupons: [
        coupon('used', {}),
        coupon('pct', { type: 'reusable', discount_type: 'percentage', discount_value: 30, max_uses: 50, usage_count: 12, expires_at: '2099-03-01T12:00:00Z' }),
      ],
      used: new Set(['used']),
    });
    render(<MyCouponsPage />);
    const rows = await screen.findAllByTestId('coupon-row');
    expect(rows[0]).toHaveTextContent('PCT');
    expect(rows[0]).toHaveTextContent('Riutilizzabile (12/50)');
    expect(rows[0]).toHaveTextContent('01/03/2099');
    expect(rows[0]).toHaveTextContent(m.status.active);
    expect(rows[1]).toHaveTextContent('+10 Crediti');
    expect(rows[1]).toHaveTextContent(m.never);
    expect(rows[1]).toHaveTextContent(m.status.used);
  });

  it('shows the empty state', async () => {
    api.fetchMyCoupons.mockResolvedValue({ coupons: [], used: new Set() });
    render(<MyCouponsPage />);
    expect(await screen.findByText(m.empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: m.toDashboard })).toHaveAttribute('href', '/dashboard');
  });

  it('applies a trimmed code; a discount goes to the store and Rimuovi clears it locally', async () => {
    api.fetchMyCoupons.mockResolvedValue({ coupons: [], used: new Set() });
    api.applyCoupon.mockResolvedValue({ message: 'Coupon applicato con successo!', discountType: 'percentage', discountValue: 30, couponId: 'c1', couponType: 'reusable' });
    render(<MyCouponsPage />);
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: m.apply })).toBeDisabled();
    await user.type(screen.getByLabelText(m.code), '  estate30 ');
    await user.click(screen.getByRole('button', { name: m.apply }));
    expect(api.applyCoupon.mock.calls[0]![0]).toBe('estate30');
    expect(await screen.findByText(m.applied('ESTATE30'))).toBeInTheDocument();
    expect(useCouponsStore.getState().applied?.couponId).toBe('c1');
    await user.click(screen.getByRole('button', { name: m.remove }));
    expect(useCouponsStore.getState().applied).toBeNull();
    expect(await screen.findByText(m.toasts.removed)).toBeInTheDocument();
  });
});
