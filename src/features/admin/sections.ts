/**
 * The sections of 'Pannello Controllo', in the order of its navigation. Each is one task; the
 * shell (components/AdminPage.tsx) shows those the viewer's role may open and loads a section's
 * code only when it is opened. `id` is the value of `?sezione=` in the panel's address.
 * adminOnly sections are hidden from supporto here and refused to supporto by the database.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { admin } from '@/lib/catalogue/admin.ts';
import { adminStaff as staff } from '@/lib/catalogue/adminStaff.ts';
import { verification } from '@/lib/catalogue/verification.ts';
import { review } from '@/lib/catalogue/review.ts';

export interface AdminSection {
  id: string;
  label: string;
  adminOnly: boolean;
  component: LazyExoticComponent<ComponentType>;
}

const s = admin.sections;

export const adminSections: readonly AdminSection[] = [
  { id: 'panoramica', label: s.overview, adminOnly: false, component: lazy(() => import('./components/OverviewSection.tsx')) },
  { id: 'ticket', label: s.tickets, adminOnly: false, component: lazy(() => import('./components/TicketsSection.tsx')) },
  { id: 'segnalazioni', label: s.reports, adminOnly: false, component: lazy(() => import('./components/ReportsSection.tsx')) },
  { id: 'da-approvare', label: review.panel.label, adminOnly: false, component: lazy(() => import('./components/ReviewSection.tsx')) },
  { id: 'verifiche', label: verification.panel.label, adminOnly: false, component: lazy(() => import('./components/VerificationsSection.tsx')) },
  { id: 'utenti', label: staff.users.label, adminOnly: false, component: lazy(() => import('./components/UsersSection.tsx')) },
  { id: 'annunci', label: staff.listings.label, adminOnly: false, component: lazy(() => import('./components/AdminListingsSection.tsx')) },
  { id: 'coupon', label: staff.coupons.label, adminOnly: true, component: lazy(() => import('./components/CouponsSection.tsx')) },
  { id: 'impostazioni', label: staff.settings.label, adminOnly: true, component: lazy(() => import('./components/SettingsSection.tsx')) },
  { id: 'registro', label: s.auditLog, adminOnly: true, component: lazy(() => import('./components/AuditLogSection.tsx')) },
];
