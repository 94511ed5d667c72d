import { beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen, waitFor } from '@/test/render.tsx';
import { t } from '@/lib/catalogue/screens.ts';

const api = vi.hoisted(() => ({ saveCoupon: vi.fn(), findUserIdByEmail: vi.fn() }));
vi.mock('../api.ts', () => api);
const { CouponsForm } = await import('./CouponsForm.tsx');

const m = t.adminStaff.coupons;

describe('CouponsForm', () => {
  beforeEach(() => {
    api.saveCoupon.mockReset().mockResolvedValue(undefined);
    api.findUserIdByEmail.mockReset();
  });

  it('says in Italian what is missing and saves nothing', async () => {
    render(<CouponsForm onDone={() => undefined} onCancel={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: m.form.submitCreate }));
    expect(screen.getByText(m.validation.codeRequired)).toBeInTheDocument();
    expect(screen.getByText(m.validation.valueRequired)).toBeInTheDocument();
    expect(api.saveCoupon).not.toHaveBeenCalled();
  });

  it('looks the single user up by e-mail and tells when nobody has it', async () => {
    api.findUserIdByEmail.mockResolvedValue(null);
    render(<CouponsForm onDone={() => undefined} onCancel={() => undefined} />);
    await userEvent.type(screen.getByLabelText(new RegExp(m.form.code)), 'natale');
    await userEvent.type(screen.getByLabelText(new RegExp(m.form.discountValue)), '20');
    await userEvent.type(screen.getByLabelText(m.form.userEmail), 'nessuno@example.it');
    await userEvent.click(screen.getByRole('button', { name: m.form.submitCreate }));
    expect(await screen.findByText(m.validation.userNotFound)).toBeInTheDocument();
    expect(api.saveCoupon).not.toHaveBeenCalled();
  });

  it('creates a credits coupon for one user', async () => {
    api.findUserIdByEmail.mockResolvedValue('u1');
    const onDone = vi.fn();
    render(<CouponsForm onDone={onDone} onCancel={() => undefined} />);
    await userEvent.type(screen.getByLabelText(new RegExp(m.form.code)), 'natale');
    await userEvent.type(screen.getByLabelText(new RegExp(m.form.discountValue)), '20');
    await userEvent.type(screen.getByLabelText(m.form.userEmail), 'giulia@example.it');
    await userEvent.click(screen.getByRole('button', { name: m.form.submitCreate }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.saveCoupon).toHaveBeenCalledWith(expect.objectContaining({ code: 'natale', discountType: 'credits', discountValue: 20 }), 'u1', undefined);
  });
});
