import { t } from '@/lib/catalogue/index.ts';
import { Loader } from '@/lib/ui/Loader.tsx';
import classes from './LoadingScreen.module.css';

function Heart() {
  return (
    <svg width="56" height="56" viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="#fff"
        d="M12 21s-7.5-4.6-10-9.3C.4 8.6 2.2 4.5 6 4.1c2.1-.2 3.7.9 4.6 2.3h2.8c.9-1.4 2.5-2.5 4.6-2.3 3.8.4 5.6 4.5 4 7.6C19.5 16.4 12 21 12 21z"
      />
    </svg>
  );
}

/** Shown until the session and the role are known. */
export function LoadingScreen() {
  return (
    <div role="status" aria-live="polite" className={classes.screen}>
      <Heart />
      <Loader color="var(--mantine-color-white)" />
      <p className={classes.title}>{t.common.loading.title}</p>
      <p className={classes.text}>{t.common.loading.subtitle}</p>
    </div>
  );
}

/** The small wait shown inside the layout while a lazy screen or a role loads. */
export function PageLoader() {
  return (
    // A screen tall, so the footer does not show and then jump when the page arrives.
    <div role="status" className={classes.page}>
      <Loader />
      <p className={classes.pageText}>{t.frame.pageLoading}</p>
    </div>
  );
}
