import { lazy, Suspense } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { t } from '@/lib/catalogue/index.ts';
import { authPath, signOutEverywhere, useViewer } from '@/features/auth/index.ts';
import { withServerState } from './lazyScreen.tsx';
import { clearPersistedState } from './stores.ts';
import { paths } from '@/lib/paths.ts';
import { Button } from '@/lib/ui/Button.tsx';
import { inMantine } from '@/lib/ui/inMantine.ts';
import classes from './Header.module.css';

const h = t.frame.header;
// With the query cache: the avatar reads the own profile's display name.
const SignedInControls = lazy(withServerState(() => inMantine(() => import('./SignedInControls.tsx').then((m) => m.default))));

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
    <header className={classes.header}>
      <div className={classes.bar}>
        <Link to={paths.home} className={classes.brand} aria-label={h.homeLink}>
          <BrandMark />
          {/* Staff carry one more header button: on a phone their brand is the heart alone. */}
          <span className={classes.brandName} data-staff={viewer.staff || undefined}>
            {t.common.appName}
          </span>
        </Link>
        <div className={classes.tools}>
          {/* Anonymous visitors go straight to sign-in, and come back to the form afterwards. */}
          <Button component={Link} to={viewer.user ? paths.newListing : authPath('login', paths.newListing)} className={classes.wide}>
            {h.createListing}
          </Button>
          {viewer.staff && (
            <Button component={Link} to={paths.admin} size="compact-sm" style={{ paddingInline: 8 }}>
              {h.adminPanel}
            </Button>
          )}
          {/* Narrow: with the brand and 'Accedi / Registrati' it must fit a 360 px phone. */}
          <Link to={paths.favourites} className={classes.favourites} aria-label={t.favourites.headerLink}>
            <svg width="21" height="21" viewBox="0 0 24 24" aria-hidden="true">
              <path
                d="M12 21s-7.5-4.6-10-9.3C.4 8.6 2.2 4.5 6 4.1c2.1-.2 3.7.9 4.6 2.3h2.8c.9-1.4 2.5-2.5 4.6-2.3 3.8.4 5.6 4.5 4 7.6C19.5 16.4 12 21 12 21z"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              />
            </svg>
          </Link>
          {viewer.user ? (
            <Suspense fallback={<div style={{ width: 76, height: 36 }} />}>
              <SignedInControls
                userId={viewer.user.id}
                email={viewer.user.email}
                staff={viewer.staff}
                roleKnown={viewer.ready}
                onLogout={() => void logout()}
              />
            </Suspense>
          ) : (
            <Button component={Link} to={authPath('login')} size="compact-sm" variant="outline" style={{ paddingInline: 6, fontSize: 13 }}>
              {h.login}
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
