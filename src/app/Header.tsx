import { lazy, Suspense } from 'react';
import { Link, useNavigate } from '@/lib/router/index.ts';
import { Anchor, Box, Button, Group } from '@mantine/core';
import { t } from '@/lib/catalogue/index.ts';
import { authPath, signOutEverywhere, useViewer } from '@/features/auth/index.ts';
import { withServerState } from './lazyScreen.tsx';
import { clearPersistedState } from './stores.ts';
import { paths } from '@/lib/paths.ts';

const h = t.frame.header;
// With the query cache: the avatar reads the own profile's display name.
const SignedInControls = lazy(withServerState(() => import('./SignedInControls.tsx').then((m) => m.default)));

export function BrandMark() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="var(--mantine-color-pink-7)"
        d="M12 21s-7.5-4.6-10-9.3C.4 8.6 2.2 4.5 6 4.1c2.1-.2 3.7.9 4.6 2.3h2.8c.9-1.4 2.5-2.5 4.6-2.3 3.8.4 5.6 4.5 4 7.6C19.5 16.4 12 21 12 21z"
      />
    </svg>
  );
}

/** The sticky header: logo, search, the viewer's controls. */
export function Header() {
  const viewer = useViewer();
  const navigate = useNavigate();

  async function logout() {
    try {
      await signOutEverywhere();
    } finally {
      await clearPersistedState();
      void navigate(paths.home, { replace: true });
    }
  }

  return (
    <Box
      component="header"
      px={8}
      py={8}
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 200,
        background: 'var(--mantine-color-white)',
        borderBottom: '1px solid var(--mantine-color-gray-3)',
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" maw={1200} mx="auto">
        <Anchor component={Link} to={paths.home} underline="never" c="pink.8" fw={800} fz={15} aria-label={h.homeLink} style={{ display: 'flex', alignItems: 'center', gap: 6, whiteSpace: 'nowrap', minWidth: 0 }}>
          <BrandMark />
          {/* Staff carry one more header button: on a phone their brand is the heart alone. */}
          <Box component="span" visibleFrom={viewer.staff ? 'xs' : undefined} style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {t.common.appName}
          </Box>
        </Anchor>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          {/* Anonymous visitors go straight to sign-in, and come back to the form afterwards. */}
          <Button component={Link} to={viewer.user ? paths.newListing : authPath('login', paths.newListing)} size="sm" visibleFrom="sm">
            {h.createListing}
          </Button>
          {viewer.staff && (
            <Button component={Link} to={paths.admin} size="compact-sm" variant="filled" px={8}>
              {h.adminPanel}
            </Button>
          )}
          {/* Narrow: with the brand and 'Accedi / Registrati' it must fit a 360 px phone. */}
          <Anchor component={Link} to={paths.favourites} c="pink.8" aria-label={t.favourites.headerLink} style={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: 32, height: 36, borderRadius: 8 }}>
            <svg width="21" height="21" viewBox="0 0 24 24" aria-hidden="true">
              <path
                d="M12 21s-7.5-4.6-10-9.3C.4 8.6 2.2 4.5 6 4.1c2.1-.2 3.7.9 4.6 2.3h2.8c.9-1.4 2.5-2.5 4.6-2.3 3.8.4 5.6 4.5 4 7.6C19.5 16.4 12 21 12 21z"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              />
            </svg>
          </Anchor>
          {viewer.user ? (
            <Suspense fallback={<Box w={76} h={36} />}>
              <SignedInControls
                userId={viewer.user.id}
                email={viewer.user.email}
                staff={viewer.staff}
                roleKnown={viewer.ready}
                onLogout={() => void logout()}
              />
            </Suspense>
          ) : (
            <Button component={Link} to={authPath('login')} size="compact-sm" variant="outline" px={6} fz={13}>
              {h.login}
            </Button>
          )}
        </Group>
      </Group>
    </Box>
  );
}
