/** The signed-in home's figures: credit balance, own listings, open tickets. */
import { db } from '@/lib/db.ts';

export interface DashboardFigures {
  credits: number;
  displayName: string | null;
  listings: number;
  openTickets: number;
}

export async function fetchDashboard(user: { id: string; email: string }): Promise<DashboardFigures> {
  const [profile, listings, tickets] = await Promise.all([
    db.from('profiles').select('credits, display_name').eq('id', user.id).single<{ credits: number | null; display_name: string | null }>(),
    db.from('listings').select('id', { count: 'exact', head: true }).eq('user_id', user.id),
    db
      .from('tickets')
      .select('id', { count: 'exact', head: true })
      .or(`user_id.eq.${user.id},reporter_email.eq.${user.email}`)
      .in('status', ['open', 'in_progress']),
  ]);
  return {
    // SPEC §8: a credit-balance error silently shows 0.
    credits: profile.error ? 0 : (profile.data?.credits ?? 0),
    displayName: profile.data?.display_name ?? null,
    listings: listings.count ?? 0,
    openTickets: tickets.count ?? 0,
  };
}
