import { beforeEach, describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen, waitFor } from '@/test/render.tsx';
import { t } from '@/lib/catalogue/index.ts';
import { AgeGate } from './AgeGate.tsx';
import { AGE_GATE_KEY } from './ageGateStorage.ts';

describe('AgeGate', () => {
  beforeEach(() => localStorage.clear());

  it('asks anonymous visitors once and remembers the answer', async () => {
    render(<AgeGate signedIn={false} />);
    await userEvent.click(await screen.findByRole('button', { name: t.frame.ageGate.confirm }));
    expect(localStorage.getItem(AGE_GATE_KEY)).toBe('1');
    await waitFor(() => expect(screen.queryByText(t.frame.ageGate.text)).toBeNull());
  });

  it('does not ask signed-in users, or on the legal pages', () => {
    render(<AgeGate signedIn />);
    expect(screen.queryByText(t.frame.ageGate.text)).toBeNull();
  });

  it('leaves /privacy readable', () => {
    render(<AgeGate signedIn={false} />, { route: '/privacy' });
    expect(screen.queryByText(t.frame.ageGate.text)).toBeNull();
  });
});
