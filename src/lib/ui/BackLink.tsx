import { Link, useNavigate } from 'react-router-dom';
import { t } from '@/lib/catalogue/index.ts';
import { Button } from './Button.tsx';
import classes from './BackLink.module.css';

type Target =
  /** A link to this place (a real link: it opens in a new tab too). */
  | { to: string; fallback?: never; onClick?: never }
  /** Back in the history when there is one, else this place (a page opened from a shared link). */
  | { fallback: string; to?: never; onClick?: never }
  /** What the screen does itself (a view inside a section). */
  | { onClick: () => void; to?: never; fallback?: never };

export type BackLinkProps = Target & { label?: string };

/**
 * The app's one 'Indietro' (issue 43): '← Indietro', a subtle button flush with the column's
 * left edge, above the page's title. Plain CSS (lib/ui's Button): the listing page uses it
 * without Mantine.
 */
export function BackLink({ to, fallback, onClick, label = t.frame.back }: BackLinkProps) {
  const navigate = useNavigate();
  const content = (
    <>
      <span aria-hidden="true" className={classes.arrow}>
        ←
      </span>
      <span>{label}</span>
    </>
  );
  if (to !== undefined)
    return (
      <Button component={Link} to={to} variant="subtle" className={classes.back} data-testid="back-link">
        {content}
      </Button>
    );
  const back = onClick ?? (() => (window.history.length > 1 ? navigate(-1) : navigate(fallback)));
  return (
    <Button variant="subtle" className={classes.back} onClick={back} data-testid="back-link">
      {content}
    </Button>
  );
}
