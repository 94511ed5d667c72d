/** The Italian words the Registro reads an audit row's before and after with, from the catalogues the rest of the app uses. */
import { t } from '@/lib/catalogue/screens.ts';
import type { ChangeWords } from './model.ts';

const m = t.admin.audit;
const shared: Record<string, Record<string, string>> = {
  role: t.adminStaff.roles,
  type: t.adminStaff.coupons.usageTypes,
  discount_type: t.adminStaff.coupons.discountTypes,
  category: t.listings.values.category,
  promotion_mode: m.promotionModes,
};
// 'status' means a ticket's or a report's, by the row's entity.
const statuses: Record<string, Record<string, string>> = { ticket: t.tickets.status, report: m.reportStatuses };

/** The words for an audit row about `entityType` ('ticket', 'report', 'coupon'…). */
export function auditWords(entityType: string): ChangeWords {
  const status = statuses[entityType];
  return { fields: m.fields, yes: m.yes, no: m.no, values: status ? { ...shared, status } : shared };
}
