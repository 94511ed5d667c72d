import { beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen, within } from '@/test/render.tsx';
import { t } from '@/lib/catalogue/screens.ts';

const api = vi.hoisted(() => ({
  fetchReports: vi.fn(),
  dismissReport: vi.fn(),
  removeListing: vi.fn(),
  subscribeTable: vi.fn((_table: string, _onChange: () => void) => () => undefined),
}));
vi.mock('../api.ts', () => api);
const { default: ReportsSection } = await import('./ReportsSection.tsx');

const m = t.admin.reports;
const report = {
  id: 'r1',
  reason: 'foto-false',
  details: 'Le foto sono di un’altra persona',
  status: 'open',
  created_at: '2026-11-23T10:00:00Z',
  listing_id: 'l1',
  listing: { id: 'l1', title: 'Annuncio segnalato', city: 'Roma' },
  reporter: { email: 'giulia@example.it', display_name: 'Giulia' },
};

describe('ReportsSection', () => {
  beforeEach(() => {
    api.fetchReports.mockReset().mockResolvedValue([report]);
    api.dismissReport.mockReset().mockResolvedValue(undefined);
    api.removeListing.mockReset().mockResolvedValue(undefined);
  });

  it('shows the reason in Italian, the listing and the reporter, never the code', async () => {
    render(<ReportsSection />);
    const card = await screen.findByRole('article', { name: t.listings.report.reasons['foto-false'] });
    expect(within(card).getByText(t.listings.report.reasons['foto-false'])).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Annuncio segnalato' })).toHaveAttribute('href', '/listing/l1');
    expect(within(card).getByText(/giulia@example\.it/)).toBeInTheDocument();
    expect(screen.queryByText(/foto-false/)).not.toBeInTheDocument();
    expect(api.fetchReports).toHaveBeenCalledWith('open');
  });

  it("a visitor's report reads 'Segnalazione anonima', with the e-mail left for the answer", async () => {
    api.fetchReports.mockResolvedValue([{ ...report, reporter_id: null, reporter: null, reporter_email: 'testimone@example.test' }]);
    render(<ReportsSection />);
    const card = await screen.findByRole('article', { name: t.listings.report.reasons['foto-false'] });
    expect(within(card).getByText(m.anonymous)).toBeInTheDocument();
    expect(within(card).queryByText(new RegExp(m.reporter))).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'testimone@example.test' })).toHaveAttribute('href', 'mailto:testimone@example.test');
  });

  it('removes the listing only with a reason, which it sends', async () => {
    render(<ReportsSection />);
    await userEvent.click(await screen.findByRole('button', { name: m.remove }));
    const dialog = await screen.findByRole('dialog', { name: m.removeTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: m.confirmRemove }));
    expect(await within(dialog).findByText(m.removeReasonRequired)).toBeInTheDocument();
    expect(api.removeListing).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByLabelText(new RegExp(m.removeReason)), 'Foto non corrispondenti');
    await userEvent.click(within(dialog).getByRole('button', { name: m.confirmRemove }));
    await vi.waitFor(() => expect(api.removeListing).toHaveBeenCalledWith('l1', 'Foto non corrispondenti'));
  });

  it('shows a report filed while the first read is in flight, once its change or the join arrives', async () => {
    let onChange: () => void = () => undefined;
    api.subscribeTable.mockImplementationOnce((_table: string, cb: () => void) => ((onChange = cb), () => undefined));
    let answerFirst: (rows: unknown[]) => void = () => undefined;
    // The first read took its snapshot before the new report; the next reads include it.
    api.fetchReports
      .mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)))
      .mockResolvedValue([{ ...report, id: 'r2', listing: { id: 'l2', title: 'Annuncio appena segnalato', city: 'Bologna' } }, report]);
    render(<ReportsSection />);
    await vi.waitFor(() => expect(api.fetchReports).toHaveBeenCalledTimes(1));
    onChange();
    answerFirst([report]);
    expect(await screen.findByRole('link', { name: 'Annuncio appena segnalato' })).toBeInTheDocument();
  });

  it('dismisses with an optional note', async () => {
    render(<ReportsSection />);
    await userEvent.click(await screen.findByRole('button', { name: m.dismiss }));
    const dialog = await screen.findByRole('dialog', { name: m.dismissTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: m.confirmDismiss }));
    await vi.waitFor(() => expect(api.dismissReport).toHaveBeenCalledWith('r1', ''));
  });
});
