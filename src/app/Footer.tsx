import { Link } from 'react-router-dom';
import { t } from '@/lib/catalogue/index.ts';
// By path, not through index.ts: the barrel would pull the support dialog into the first chunk.
import { openSupportDialog } from '@/features/tickets/store.ts';
import { paths } from '@/lib/paths.ts';
import classes from './Footer.module.css';

const f = t.frame.footer;

/** Termini, Privacy, the 'Assistenza' dialog and the anti-trafficking hotline. */
export function Footer() {
  return (
    <footer className={classes.footer}>
      <nav aria-label={f.nav} className={classes.nav}>
        <Link to={paths.terms} className={classes.link}>
          {f.terms}
        </Link>
        <Link to={paths.privacy} className={classes.link}>
          {f.privacy}
        </Link>
        <button type="button" className={classes.link} onClick={() => openSupportDialog()}>
          {f.support}
        </button>
      </nav>
      <p className={classes.line} data-testid="footer-hotline">
        <a href={t.trust.hotlineTel} className={classes.link} aria-label={t.trust.hotlineCall}>
          {t.trust.hotline}
        </a>
      </p>
      <p className={classes.line} data-small>
        {f.copyright(new Date().getFullYear())} · {f.adultsOnly}
      </p>
    </footer>
  );
}
