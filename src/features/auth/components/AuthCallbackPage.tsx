import { useEffect, useMemo, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Button, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { t } from '@/lib/catalogue/index.ts';
import { initialUrlHash } from '@/lib/authStorage.ts';
import { toastSuccess } from '@/lib/toast.ts';
import { useViewer } from '../hooks/useViewer.ts';
import { callbackKind } from '../model.ts';

const m = t.auth.callback;

/**
 * Where confirmation, e-mail-change and password-recovery links land. The client has
 * already taken the session out of the URL fragment; this screen sends the viewer on.
 */
export default function AuthCallbackPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const viewer = useViewer();
  const kind = useMemo(() => callbackKind(initialUrlHash || location.hash, location.search), [location.hash, location.search]);
  const done = useRef(false);

  useEffect(() => {
    if (done.current || !viewer.ready || kind === 'error' || !viewer.signedIn) return;
    done.current = true;
    if (kind === 'recovery') {
      void navigate('/change-password?recovery=1', { replace: true });
      return;
    }
    toastSuccess(m.confirmed);
    void navigate(viewer.banned ? '/banned' : viewer.staff ? '/admin' : '/dashboard', { replace: true });
  }, [kind, navigate, viewer]);

  const failed = kind === 'error' || (viewer.ready && !viewer.signedIn);

  return (
    <Container size={440} py="xl">
      <Stack align="center" ta="center">
        {failed ? (
          <>
            <Title order={1} size="h3">
              {m.failed}
            </Title>
            <Button component={Link} to="/auth?tab=login">
              {m.toLogin}
            </Button>
          </>
        ) : (
          <>
            <Loader aria-hidden />
            <Text role="status">{m.working}</Text>
          </>
        )}
      </Stack>
    </Container>
  );
}
