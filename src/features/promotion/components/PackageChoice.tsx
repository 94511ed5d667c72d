import { useId } from 'react';
import { t } from '@/lib/catalogue/screens.ts';
import type { Mode } from '../model.ts';
import classes from './PackageChoice.module.css';

const m = t.money.promotion;
const MODES = ['day', 'night'] as const;

/**
 * 'Pacchetto': Giorno or Notte, each offered once, as a card that is the radio button (its
 * name, what it does and its price per day).
 */
export function PackageChoice({ value, onChange, perDay }: { value: Mode; onChange: (mode: Mode) => void; perDay: Record<Mode, number> }) {
  const id = useId();
  return (
    <fieldset className={classes.group}>
      <legend className={classes.legend}>{m.mode}</legend>
      <div className={classes.cards}>
        {MODES.map((k) => (
          <label key={k} className={classes.card} data-checked={value === k || undefined} data-testid={`package-${k}`}>
            <input
              type="radio"
              name={`${id}-mode`}
              value={k}
              checked={value === k}
              onChange={() => onChange(k)}
              className="visually-hidden"
              aria-labelledby={`${id}-${k}-name`}
              aria-describedby={`${id}-${k}-text ${id}-${k}-price`}
            />
            <span aria-hidden className={classes.mark} />
            <span className={classes.name} id={`${id}-${k}-name`}>
              {m.modes[k].name}
            </span>
            <span className={classes.text} id={`${id}-${k}-text`}>
              {m.modes[k].text}
            </span>
            <span className={classes.price} id={`${id}-${k}-price`}>
              {m.perDay(perDay[k])}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
