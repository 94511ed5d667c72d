import { describe, expect, it } from 'vitest';
import { render, screen } from '@/test/render.tsx';
import { t } from '@/lib/catalogue/index.ts';
import { Placeholder } from './Placeholder.tsx';

describe('Placeholder', () => {
  it('shows its title and the coming-soon text', () => {
    render(<Placeholder title="Annunci" />);
    expect(screen.getByRole('heading', { name: 'Annunci' })).toBeInTheDocument();
    expect(screen.getByText(t.common.comingSoon)).toBeInTheDocument();
  });
});
