import type { Listing } from '@/features/listings/model.ts';

/** `h` hours from now, as the API writes times. */
export const hoursFromNow = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

/** A public base listing, created two days ago and expiring in twenty, with `over` on top. */
export function makeTestListing(over: Partial<Listing> = {}): Listing {
  return {
    id: 'b0000000-0000-4000-8000-000000000001',
    title: 'Titolo di prova',
    category: 'donne',
    city: 'Roma',
    zone: 'Monti',
    age: 25,
    description: 'Descrizione abbastanza lunga',
    created_at: hoursFromNow(-48),
    expires_at: hoursFromNow(24 * 20),
    is_premium: false,
    promotion_mode: null,
    promotion_start_at: null,
    promotion_end_at: null,
    last_bumped_at: null,
    is_paused: false,
    ethnicity: [],
    nationality: [],
    breast_type: [],
    hair_color: [],
    body_type: [],
    eye_color: [],
    meeting_type: [],
    availability_for: [],
    meeting_location: [],
    offered_services: [],
    hourly_rate: null,
    photos: [],
    ...over,
  };
}
