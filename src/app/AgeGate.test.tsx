import { beforeEach, describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen, waitFor } from '@/test/render.tsx';
import { t } from '@/lib/catalogue/index.ts';
import { AgeGate } from './AgeGate.tsx';
import { AGE_CONFIRMED_ATTRIBUTE, AGE_GATE_ATTRIBUTE, AGE_GATE_KEY } from './ageGateStorage.ts';

describe('AgeGate', () => {
  const html = document.documentElement;
  beforeEach(() => {
    localStorage.clear();
    html.removeAttribute(AGE_CONFIRMED_ATTRIBUTE);
  });

  it('asks anonymous visitors once and remembers the answer', async () => {
    render(<AgeGate signedIn={false} />);
    // Open: the page's photos stay hidden (<html data-age-gate>).
    await waitFor(() => expect(html.hasAttribute(AGE_GATE_ATTRIBUTE)).toBe(true));
    await userEvent.click(await screen.findByRole('button', { name: t.frame.ageGate.confirm }));
    expect(localStorage.getItem(AGE_GATE_KEY)).toBe('1');
    await waitFor(() => expect(screen.queryByText(t.frame.ageGate.text)).toBeNull());
    expect(html.hasAttribute(AGE_GATE_ATTRIBUTE)).toBe(false);
  });

  it('takes the answer given on the prerendered gate, even where nothing can be stored', () => {
    html.setAttribute(AGE_CONFIRMED_ATTRIBUTE, '');
    render(<AgeGate signedIn={false} />);
    expect(screen.queryByText(t.frame.ageGate.text)).toBeNull();
  });

  it('does not ask signed-in users, or on the legal pages', () => {
    // The page's first script may have opened it for a session it could not see.
    html.setAttribute(AGE_GATE_ATTRIBUTE, '');
    render(<AgeGate signedIn />);
    expect(screen.queryByText(t.frame.ageGate.text)).toBeNull();
    expect(html.hasAttribute(AGE_GATE_ATTRIBUTE)).toBe(false);
  });

  it('leaves /privacy readable', () => {
    render(<AgeGate signedIn={false} />, { route: '/privacy' });
    expect(screen.queryByText(t.frame.ageGate.text)).toBeNull();
  });
});
