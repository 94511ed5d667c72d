/** The statistics screen's reads: the listing (its owner and promotion) and its daily counts. */
import { unwrap } from '@/lib/apiError.ts';
import type { Tables } from '@/lib/database.types.ts';
import { supabase } from '@/lib/supabase.ts';
import type { DayRow } from './model.ts';

export type StatsListing = Pick<Tables<'listings'>, 'id' | 'title' | 'user_id' | 'is_premium' | 'promotion_start_at' | 'promotion_end_at'>;

export interface ListingStats {
  listing: StatsListing | null;
  rows: DayRow[];
}

/** The listing and its counts from `from` (an Italian date) on; RLS lets only its owner and staff read the counts. */
export async function fetchListingStats(listingId: string, from: string): Promise<ListingStats> {
  const [listing, rows] = await Promise.all([
    unwrap(supabase.from('listings').select('id, title, user_id, is_premium, promotion_start_at, promotion_end_at').eq('id', listingId).maybeSingle()),
    unwrap(
      supabase
        .from('listing_stats_daily')
        .select('day, views, calls, whatsapp, favourites, impressions, promoted')
        .eq('listing_id', listingId)
        .gte('day', from)
        .order('day'),
    ),
  ]);
  return { listing, rows: rows ?? [] };
}
