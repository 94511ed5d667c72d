/** Pure logic of the control panel. */
import type { Role } from '@/features/auth/index.ts';

/** The query parameter that names the open section: /admin?sezione=segnalazioni. */
export const SECTION_PARAM = 'sezione';

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

/** The panel's address opened on a section. */
export const adminSectionPath = (id: string) => `/admin?${SECTION_PARAM}=${encodeURIComponent(id)}`;
