import { describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen } from '@/test/render.tsx';
import { ApiError } from './apiError.ts';
import { common } from './catalogue/common.ts';
import { LoadError } from './LoadError.tsx';

describe('LoadError', () => {
  it("shows the server's message for a refusal and the fallback for the unexpected", () => {
    const { rerender } = render(<LoadError error={new ApiError('refused', 'Non puoi.')} fallback="Caricamento fallito." onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Non puoi.');
    rerender(<LoadError error={new Error('boom')} fallback="Caricamento fallito." onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Caricamento fallito.');
  });

  it("asks again on 'Riprova'", async () => {
    const onRetry = vi.fn();
    render(<LoadError error={new Error('boom')} fallback="x" onRetry={onRetry} />);
    await userEvent.click(screen.getByRole('button', { name: common.retry }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
