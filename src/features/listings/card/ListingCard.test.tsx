import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@/test/render.tsx';
import { t } from '@/lib/catalogue/index.ts';
import { ListingCard } from './ListingCard.tsx';
import type { Listing } from '../model.ts';

const now = new Date();
const iso = (h: number) => new Date(now.getTime() + h * 3600_000).toISOString();
const photos = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i}`, url: `https://cdn.example/p${i}.jpg`, is_primary: i === 0, created_at: iso(-10 + i) }));

const base: Listing = {
  id: 'b0000000-0000-4000-8000-000000000001',
  title: 'Sofia a Milano',
  category: 'donne',
  city: 'Milano',
  zone: 'Brera',
  age: 27,
  description: 'Compagnia colta e spiritosa per cene ed eventi.',
  created_at: iso(-48),
  expires_at: iso(24 * 20),
  is_premium: false,
  promotion_start_at: null,
  promotion_end_at: null,
  last_bumped_at: null,
  is_paused: false,
  ethnicity: ['europea'],
  nationality: ['italiana'],
  breast_type: ['naturale'],
  hair_color: ['castana'],
  body_type: ['snella'],
  eye_color: ['verdi'],
  meeting_type: ['cena'],
  availability_for: ['sera'],
  meeting_location: ['hotel'],
  offered_services: ['girlfriend-experience'],
  hourly_rate: 200,
  photos: photos(5),
};

describe('ListingCard', () => {
  it('shows every field of the card with Italian labels', () => {
    render(<ListingCard listing={base} />);
    const card = screen.getByRole('article', { name: 'Sofia a Milano' });
    const c = within(card);
    expect(c.getByRole('link', { name: 'Sofia a Milano' })).toHaveAttribute('href', `/listing/${base.id}`);
    expect(c.getByText('Donne')).toBeInTheDocument();
    expect(c.getByText(/Scade il:/)).toBeInTheDocument();
    expect(c.getByText(/Milano · Brera · 27 anni/)).toBeInTheDocument();
    for (const l of ['Europea', 'Italiana', 'Naturale', 'Castana', 'Snella', 'Verdi', 'Cena', 'Sera', 'Hotel', '200 €/h', 'Girlfriend experience'])
      expect(c.getByText(l)).toBeInTheDocument();
    expect(c.getByText(t.listings.card.watermark)).toBeInTheDocument();
    expect(c.queryByText('Hot')).not.toBeInTheDocument();
  });

  it('a base listing shows one lazy photo with its size', () => {
    render(<ListingCard listing={base} />);
    const imgs = screen.getAllByRole('img');
    expect(imgs).toHaveLength(1);
    expect(imgs[0]).toHaveAttribute('loading', 'lazy');
    expect(imgs[0]).toHaveAttribute('width', '400');
    expect(imgs[0]).toHaveAttribute('height', '500');
    expect(imgs[0]).toHaveAttribute('alt', t.listings.card.photoAlt(base.title, 1));
  });

  it("an active promotion is 'Hot' and shows up to 5 photos", () => {
    render(<ListingCard listing={{ ...base, is_premium: true, promotion_start_at: iso(-1), promotion_end_at: iso(24), photos: photos(5) }} />);
    expect(screen.getByText('Hot')).toBeInTheDocument();
    expect(screen.getByTestId('card-photos').querySelectorAll('img')).toHaveLength(5);
  });

  it("a scheduled promotion is 'In Attesa' on the owner's card only; a paused listing is 'In Pausa'", () => {
    const scheduled = { ...base, is_premium: true, promotion_start_at: iso(5), promotion_end_at: iso(24), available_until: iso(2) };
    const { unmount } = render(<ListingCard listing={scheduled} footer={<p>azioni</p>} />);
    // With its start on Italy's clock (issue 27).
    expect(screen.getByTestId('badge-pending')).toHaveTextContent(/^In Attesa · dal \d\d \p{L}+, \d\d:\d\d$/u);
    unmount();
    // A visitor's card (no owner's footer): the schedule is the owner's business (issue 43).
    const visitor = render(<ListingCard listing={scheduled} />);
    expect(screen.queryByTestId('badge-pending')).toBeNull();
    expect(screen.getByTestId('badge-available-now')).toHaveTextContent(t.listings.card.availableNow);
    visitor.unmount();
    render(<ListingCard listing={{ ...base, is_paused: true }} />);
    expect(screen.getByText('In Pausa')).toBeInTheDocument();
  });

  it("a refused listing's card shows no expiry (issue 43)", () => {
    render(<ListingCard listing={{ ...base, review_status: 'rejected' } as Listing} footer={<p>azioni</p>} />);
    expect(screen.queryByTestId('badge-date')).toBeNull();
    expect(screen.queryByText(/Scade il:/)).toBeNull();
  });

  it('compact date shows day and month only', () => {
    render(<ListingCard listing={{ ...base, expires_at: '2026-12-24T10:00:00Z' }} compact />);
    expect(screen.getByText('Scade il: 24 dicembre')).toBeInTheDocument();
  });
});
