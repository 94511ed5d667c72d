/** 'Da approvare' (issue 26): what the panel says about a held listing, pure for unit tests. */
import { review } from '@/lib/catalogue/review.ts';

export interface DuplicateMatch {
  photo_id: string;
  other_photo_id: string;
  other_listing_id?: string;
  distance: number;
  photo_url?: string | null;
  other_photo_url?: string | null;
  other_listing_title?: string | null;
  other_owner_email?: string | null;
}

export interface HoldReason {
  /** 'new_advertiser', 'duplicate_photo' or 'screened_term' */
  reason: string;
  since: string;
  details: { edit?: 'text' | 'photo'; terms?: string[]; matches?: DuplicateMatch[] } | null;
}

export interface HeldListing {
  id: string;
  title: string;
  city: string;
  category: string;
  submitted_at: string;
  owner: { id: string; email: string | null; display_name: string | null };
  photos: { id: string; url: string }[];
  reasons: HoldReason[] | null;
}

/** The label of one reason: a new advertiser's edit says which. */
export function reasonLabel(r: HoldReason): string {
  const key = r.reason === 'new_advertiser' && r.details?.edit ? `new_advertiser_edit_${r.details.edit}` : r.reason;
  return review.panel.reasons[key] ?? r.reason;
}

/** How long a listing has waited, in the largest whole unit ('3 ore', '2 giorni'; at least '1 minuto'). */
export function waitingFor(submittedAt: string, now: Date = new Date()): string {
  const minutes = Math.max(1, Math.floor((now.getTime() - new Date(submittedAt).getTime()) / 60_000));
  if (minutes < 60) return review.units.minutes(minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return review.units.hours(hours);
  return review.units.days(Math.floor(hours / 24));
}
