/** Pure logic of the control panel. */
import type { Role } from '@/features/auth/index.ts';
import { formatDateTime } from '@/lib/dates.ts';

/** The sections a role may open: staff see the shared ones, admin also the admin-only ones. */
export function visibleSections<S extends { adminOnly: boolean }>(sections: readonly S[], role: Role | null): S[] {
  if (role === 'admin') return [...sections];
  if (role === 'supporto') return sections.filter((s) => !s.adminOnly);
  return [];
}

/** The section to show for `?sezione=`: the named one when visible, else the first. */
export function pickSection<S extends { id: string }>(visible: readonly S[], requested: string | null): S | undefined {
  return visible.find((s) => s.id === requested) ?? visible[0];
}

/** The section `?sezione=` names when the role may not open it (supporto asking for an admin-only one); else undefined. */
export function refusedSection<S extends { id: string }>(all: readonly S[], visible: readonly S[], requested: string | null): S | undefined {
  return visible.some((s) => s.id === requested) ? undefined : all.find((s) => s.id === requested);
}

// --- Panoramica ------------------------------------------------------------------------

export const FIGURE_KEYS = [
  'open_tickets',
  'open_reports',
  'listings_active',
  'listings_paused',
  'listings_expired',
  'new_users',
  'credits_sold',
  'revenue_cents',
] as const;
export type FigureKey = (typeof FIGURE_KEYS)[number];

/** The daily column each figure's chart draws (open tickets and reports: how many arrived that day). */
export const SERIES_OF: Record<FigureKey, string> = {
  open_tickets: 'tickets',
  open_reports: 'reports',
  listings_active: 'listings_active',
  listings_paused: 'listings_paused',
  listings_expired: 'listings_expired',
  new_users: 'new_users',
  credits_sold: 'credits_sold',
  revenue_cents: 'revenue_cents',
};

export interface Overview {
  figures: Record<FigureKey, number>;
  days: string[];
  series: Record<FigureKey, number[]>;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);

/** admin_overview's JSON as the screen reads it: every figure a number, one array per chart. */
export function parseOverview(raw: unknown): Overview {
  const o = (raw ?? {}) as { figures?: Record<string, unknown>; series?: Record<string, unknown>[] };
  const rows = Array.isArray(o.series) ? o.series : [];
  const figures = {} as Record<FigureKey, number>;
  const series = {} as Record<FigureKey, number[]>;
  for (const key of FIGURE_KEYS) {
    figures[key] = num(o.figures?.[key]);
    series[key] = rows.map((r) => num(r[SERIES_OF[key]]));
  }
  return { figures, days: rows.map((r) => (typeof r.day === 'string' ? r.day : '')), series };
}

/** A figure as Italians read it: thousands with '.', revenue in euro. */
export function formatFigure(key: FigureKey, value: number): string {
  // 'always': the Italian locale leaves 4-digit numbers ungrouped (1990), a figure reads 1.990.
  const grouping = { useGrouping: 'always' } as const;
  if (key === 'revenue_cents') return new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', ...grouping }).format(value / 100);
  return new Intl.NumberFormat('it-IT', grouping).format(value);
}

/**
 * The polyline points of a chart `width` x `height` for `values` (oldest first), with the
 * y axis from 0 to the largest value; all zeros draw a flat line at the bottom.
 */
export function chartPoints(values: readonly number[], width: number, height: number, pad = 2): string {
  if (values.length === 0) return '';
  const max = Math.max(...values, 0);
  const step = values.length > 1 ? (width - 2 * pad) / (values.length - 1) : 0;
  const y = (v: number) => (max === 0 ? height - pad : height - pad - (v / max) * (height - 2 * pad));
  return values.map((v, i) => `${round(pad + i * step)},${round(y(v))}`).join(' ');
}

const round = (n: number) => Math.round(n * 10) / 10;

// --- Ticket --------------------------------------------------------------------------------

export type TicketFilter = 'active' | 'open' | 'in_progress' | 'resolved' | 'closed' | 'all';
export const TICKET_FILTERS: readonly TicketFilter[] = ['active', 'open', 'in_progress', 'resolved', 'closed', 'all'];

/** The statuses a filter shows ('active': what still needs staff, open and in progress), null for all. */
export function statusesOf(filter: TicketFilter): string[] | null {
  if (filter === 'all') return null;
  if (filter === 'active') return ['open', 'in_progress'];
  return [filter];
}

// --- Segnalazioni --------------------------------------------------------------------------

// A removed listing takes its reports with it, so the queue shows open and dismissed ones.
export type ReportStatus = 'open' | 'dismissed';
export const REPORT_STATUSES: readonly ReportStatus[] = ['open', 'dismissed'];

/** A report reason's Italian label; an unknown code reads as 'Altro', never the code. */
export function reasonLabel(code: string, labels: Record<string, string>): string {
  return labels[code] ?? labels.altro ?? '';
}

// --- Registro ------------------------------------------------------------------------------

export interface AuditFilters {
  action: string | null;
  actor: string;
  from: string | null;
  to: string | null;
}

export const emptyAuditFilters: AuditFilters = { action: null, actor: '', from: null, to: null };

/** The Rome day [start, end) of 'YYYY-MM-DD' filters as ISO instants (end exclusive: the day after `to`). */
export function auditRange(f: Pick<AuditFilters, 'from' | 'to'>, offsetOf: (day: string) => string): { gte?: string; lt?: string } {
  const range: { gte?: string; lt?: string } = {};
  if (f.from) range.gte = offsetOf(f.from);
  if (f.to) {
    const next = new Date(`${f.to}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    range.lt = offsetOf(next.toISOString().slice(0, 10));
  }
  return range;
}

type JsonObject = Record<string, unknown>;

export interface ChangeWords {
  fields: Record<string, string>;
  /** Per column, the Italian words of its stored codes (a role, a status, a coupon's type…). */
  values: Record<string, Record<string, string>>;
  yes: string;
  no: string;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });

const show = (v: unknown, words: ChangeWords, key: string): string => {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'boolean') return v ? words.yes : words.no;
  if (typeof v === 'number' && key === 'price_cents') return euro.format(v / 100);
  if (typeof v === 'string') return words.values[key]?.[v] ?? (ISO_TIME.test(v) ? formatDateTime(v) : v);
  // A setting's list of days, and its night window.
  if (Array.isArray(v)) return v.map((item) => show(item, words, key)).join(', ');
  if (typeof v === 'object' && 'start' in v && 'end' in v) return `${String(v.start)}–${String(v.end)}`;
  return JSON.stringify(v);
};

/**
 * 'ruolo: Utente → Bannato; crediti: 5 → 15': each named column an audit row changed, or every
 * named column of what was created or deleted, its codes in Italian words. Columns without an
 * Italian name (ids, keys, the row's own timestamps) are left out: staff read the action, not the table.
 */
export function describeChange(before: unknown, after: unknown, words: ChangeWords): string {
  const b = (before && typeof before === 'object' ? before : {}) as JsonObject;
  const a = (after && typeof after === 'object' ? after : {}) as JsonObject;
  const label = (k: string) => words.fields[k];
  if (!before || !after) {
    const row = before ? b : a;
    return Object.entries(row)
      .filter(([k]) => label(k))
      .map(([k, v]) => `${label(k)}: ${show(v, words, k)}`)
      .join('; ');
  }
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => label(k));
  return keys.map((k) => `${label(k)}: ${show(b[k], words, k)} → ${show(a[k], words, k)}`).join('; ');
}
