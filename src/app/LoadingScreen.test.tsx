import { describe, expect, it } from 'vitest';
import { render, screen } from '@/test/render.tsx';
import { t } from '@/lib/catalogue/index.ts';
import { LoadingScreen } from './LoadingScreen.tsx';

describe('LoadingScreen', () => {
  it('shows the loading texts in a live status region', () => {
    render(<LoadingScreen />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(t.common.loading.title);
    expect(status).toHaveTextContent(t.common.loading.subtitle);
  });
});
