import { useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { t } from '@/lib/catalogue/index.ts';
import { AGE_GATE_ATTRIBUTE, AGE_GATE_KEY, ageConfirmed } from './ageGateStorage.ts';
import { Button } from '@/lib/ui/Button.tsx';
import classes from './AgeGate.module.css';
import { dropPrerenderedGate } from './shell/shell.ts';
import { paths } from '@/lib/paths.ts';

const EXEMPT: string[] = [paths.terms, paths.privacy, paths.authCallback, paths.banned];

/**
 * 18+ interstitial for anonymous visitors, remembered on this device (DESIGN 'Adults only').
 * A native modal <dialog>: the page behind is inert and focus stays inside, and it is drawn
 * with the first paint, since it is the first thing a new visitor sees (index.html's shell
 * draws the same box before the app loads). While it is open no listing photo is shown behind
 * it (<html data-age-gate>, see ListingPhotoImage.module.css): nothing for adults is on screen
 * before the answer.
 */
export function AgeGate({ signedIn }: { signedIn: boolean }) {
  const { pathname } = useLocation();
  const [confirmed, setConfirmed] = useState(ageConfirmed);
  const dialog = useRef<HTMLDialogElement>(null);
  const m = t.frame.ageGate;
  const opened = !signedIn && !confirmed && !EXEMPT.includes(pathname);

  useLayoutEffect(() => {
    document.documentElement.toggleAttribute(AGE_GATE_ATTRIBUTE, opened);
    dropPrerenderedGate();
  }, [opened]);

  useLayoutEffect(() => {
    const d = dialog.current;
    if (!opened || !d || d.open) return;
    if (typeof d.showModal === 'function') d.showModal();
    else d.setAttribute('open', ''); // environments without modal dialogs
  }, [opened]);

  function confirm() {
    try {
      window.localStorage.setItem(AGE_GATE_KEY, '1');
    } catch {
      /* private mode: remember for this page only */
    }
    setConfirmed(true);
  }

  if (!opened) return null;
  return (
    <dialog
      ref={dialog}
      className={classes.gate}
      aria-labelledby="age-gate-title"
      aria-describedby="age-gate-text"
      // Escape does not answer the question; a forced close (a second Escape) reopens it.
      onCancel={(e) => e.preventDefault()}
      onClose={(e) => {
        if (!ageConfirmed() && typeof e.currentTarget.showModal === 'function') e.currentTarget.showModal();
      }}
    >
      <h2 id="age-gate-title" className={classes.title}>
        {m.title}
      </h2>
      <div className={classes.body}>
        <p id="age-gate-text" className={classes.text}>
          {m.text}
        </p>
        <Button onClick={confirm} autoFocus>
          {m.confirm}
        </Button>
        <Button component="a" href="https://www.google.it" variant="default">
          {m.leave}
        </Button>
        <p className={classes.legal}>
          {m.legalPrefix} <Link to={paths.terms}>{t.frame.footer.terms}</Link> {m.legalAnd} <Link to={paths.privacy}>{t.frame.footer.privacy}</Link>.
        </p>
      </div>
    </dialog>
  );
}
