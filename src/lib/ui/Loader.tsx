import type { CSSProperties } from 'react';
import classes from './Loader.module.css';

/**
 * Mantine's oval Loader without Mantine (the first route's spinners). Decorative unless
 * labelled: a status beside it says what is loading.
 */
export function Loader({ size = 'md', color, label }: { size?: 'sm' | 'md' | number; color?: string; label?: string }) {
  const style = { ...(typeof size === 'number' && { '--loader-size': `${size}px` }), ...(color && { '--loader-color': color }) } as CSSProperties;
  return (
    <span
      className={classes.loader}
      data-size={typeof size === 'string' ? size : undefined}
      style={style}
      {...(label ? { role: 'status', 'aria-label': label } : { 'aria-hidden': true })}
    />
  );
}
