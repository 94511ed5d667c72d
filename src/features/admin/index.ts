/** What other features and the app may use from the control panel. */
export { adminSectionPath, SECTION_PARAM } from './model.ts';
