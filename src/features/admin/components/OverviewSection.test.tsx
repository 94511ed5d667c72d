import { beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen } from '@/test/render.tsx';
import { ApiError } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { parseOverview } from '../model.ts';

const api = vi.hoisted(() => ({ fetchOverview: vi.fn() }));
vi.mock('../api.ts', () => api);
const { default: OverviewSection } = await import('./OverviewSection.tsx');

const m = t.admin.overview;

describe('OverviewSection', () => {
  beforeEach(() => {
    api.fetchOverview.mockReset().mockResolvedValue(
      parseOverview({ figures: { open_tickets: 4, revenue_cents: 4490 }, series: [{ day: '2026-11-23', tickets: 4, revenue_cents: 4490 }] }),
    );
  });

  it('shows each figure with its 30-day chart', async () => {
    render(<OverviewSection />);
    expect(await screen.findByText('4')).toBeInTheDocument();
    expect(screen.getByText(/^44,90\s€$/)).toBeInTheDocument();
    for (const label of Object.values(m.figures)) expect(screen.getByRole('img', { name: m.chartLabel(label) })).toBeInTheDocument();
  });

  it('says the figures could not load and loads them on Riprova', async () => {
    api.fetchOverview.mockRejectedValueOnce(new ApiError('unexpected', 'boom'));
    render(<OverviewSection />);
    expect(await screen.findByText(m.loadFailed)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: t.common.retry }));
    expect(await screen.findByText('4')).toBeInTheDocument();
  });
});
