/** The signed-in home's figures: credit balance, own listings, open tickets. */
import { toApiError } from '@/lib/apiError.ts';
import { supabase } from '@/lib/supabase.ts';

export interface DashboardFigures {
  credits: number;
  displayName: string | null;
  listings: number;
  openTickets: number;
}

/** Each figure alone may fail: a failed credit balance shows 0; the counts reject as ApiErrors. */
export async function fetchDashboard(user: { id: string; email: string }): Promise<DashboardFigures> {
  const [profile, listings, tickets] = await Promise.all([
    supabase.from('profiles').select('credits, display_name').eq('id', user.id).single(),
    supabase.from('listings').select('id', { count: 'exact', head: true }).eq('user_id', user.id),
    supabase
      .from('tickets')
      .select('id', { count: 'exact', head: true })
      .or(`user_id.eq.${user.id},reporter_email.eq.${user.email}`)
      .in('status', ['open', 'in_progress']),
  ]);
  for (const r of [listings, tickets]) if (r.error) throw await toApiError(r.error, r.status);
  return {
    credits: profile.data?.credits ?? 0,
    displayName: profile.data?.display_name ?? null,
    listings: listings.count ?? 0,
    openTickets: tickets.count ?? 0,
  };
}
