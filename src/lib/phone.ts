/** The phone rule under the names the profile screen imports; the rule itself is in contact.ts. */
export { DEFAULT_PHONE_PREFIX, isValidPhone, normalizePhone as normalisePhone } from './contact.ts';
