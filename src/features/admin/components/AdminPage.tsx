import { Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Container, Skeleton, Stack, Tabs, Title, useMatches } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { useViewer } from '@/features/auth/index.ts';
import { ADMIN_SECTION_PARAM } from '@/lib/paths.ts';
import { pickSection, refusedSection, visibleSections } from '../model.ts';
import { adminSections } from '../sections.ts';

const m = t.admin;

function SectionLoading() {
  return (
    <Stack gap="xs" aria-busy="true" aria-label={m.sectionLoading}>
      <Skeleton height={32} />
      <Skeleton height={120} />
    </Stack>
  );
}

/**
 * /admin 'Pannello Controllo': one section per task, named in `?sezione=` so a notification or
 * a bookmark opens its section; a section the role may not open is named as the administrators'
 * and the first one shown instead. On a phone the sections are wrapped pills above the content;
 * from tablet width a column on the left.
 */
export default function AdminPage() {
  const { role } = useViewer();
  const [params, setParams] = useSearchParams();
  const visible = visibleSections(adminSections, role);
  const requested = params.get(ADMIN_SECTION_PARAM);
  const current = pickSection(visible, requested);
  const refused = refusedSection(adminSections, visible, requested);
  const wide = useMatches({ base: false, md: true });

  const open = (id: string | null) => {
    if (!id) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(ADMIN_SECTION_PARAM, id);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Container size="xl" px="md" py="lg">
      <Title order={1} size="h2" mb="md">
        {m.title}
      </Title>
      {refused && current && (
        <Alert color="yellow" variant="light" mb="md" data-testid="admin-only-section">
          {m.adminOnly(refused.label, current.label)}
        </Alert>
      )}
      <Tabs
        value={current?.id ?? null}
        onChange={open}
        orientation={wide ? 'vertical' : 'horizontal'}
        variant={wide ? 'default' : 'pills'}
        keepMounted={false}
      >
        <Tabs.List aria-label={m.nav} mb={wide ? 0 : 'md'} mr={wide ? 'lg' : 0} miw={wide ? 180 : undefined}>
          {visible.map((section) => (
            <Tabs.Tab key={section.id} value={section.id}>
              {section.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {visible.map((section) => (
          <Tabs.Panel key={section.id} value={section.id} style={{ flex: 1, minWidth: 0 }}>
            <Suspense fallback={<SectionLoading />}>
              <section.component />
            </Suspense>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Container>
  );
}
