/** The signed-in home's counts: own listings and open tickets (the balance comes with the own profile). */
import { toApiError } from '@/lib/apiError.ts';
import { supabase } from '@/lib/supabase.ts';

export interface DashboardCounts {
  listings: number;
  openTickets: number;
}

/** Both counts, or a rejected ApiError when either fails. */
export async function fetchDashboardCounts(user: { id: string; email: string }): Promise<DashboardCounts> {
  const [listings, tickets] = await Promise.all([
    supabase.from('listings').select('id', { count: 'exact', head: true }).eq('user_id', user.id),
    // A ticket is the user's when filed under their account or under their e-mail.
    supabase
      .from('tickets')
      .select('id', { count: 'exact', head: true })
      .or(`user_id.eq.${user.id},reporter_email.eq.${user.email}`)
      .in('status', ['open', 'in_progress']),
  ]);
  for (const r of [listings, tickets]) if (r.error) throw await toApiError(r.error, r.status);
  return { listings: listings.count ?? 0, openTickets: tickets.count ?? 0 };
}
