import type { ComponentPropsWithoutRef, ElementType, Ref } from 'react';
import { Loader } from './Loader.tsx';
import classes from './Button.module.css';

type Own<C extends ElementType> = {
  /** What it renders: a button by default, or a link (the router's Link, 'a'). */
  component?: C;
  variant?: 'filled' | 'light' | 'outline' | 'default' | 'white' | 'subtle';
  /** Another colour than the primary pink: red on a subtle button, WhatsApp's green on a filled one. */
  color?: 'red' | 'green';
  size?: 'sm' | 'xs' | 'compact-sm';
  /** Disabled, with a spinner over the label (Mantine's `loading`). */
  loading?: boolean;
};
export type ButtonProps<C extends ElementType = 'button'> = Own<C> & Omit<ComponentPropsWithoutRef<C>, keyof Own<C>> & { ref?: Ref<HTMLButtonElement> };

/**
 * Mantine's Button drawn by plain CSS on its variables, for the first route: the home, /search
 * and the frame around them load without Mantine's component code
 * (docs/decisions/1105-first-route-without-mantine.md). The same sizes, colours, focus ring and press effect
 * (Mantine's global `mantine-focus-auto` and `mantine-active` classes).
 */
export function Button<C extends ElementType = 'button'>({ component, variant = 'filled', color, size = 'sm', loading = false, className, children, ...rest }: ButtonProps<C>) {
  const Root: ElementType = component ?? 'button';
  const asButton = Root === 'button';
  return (
    <Root
      {...(asButton && { type: 'button' })}
      {...rest}
      className={`${classes.button} mantine-focus-auto mantine-active${className ? ` ${className}` : ''}`}
      data-variant={variant}
      data-color={color}
      data-size={size}
      data-loading={loading || undefined}
      {...(asButton && loading && { disabled: true })}
    >
      <span className={classes.label}>{children}</span>
      {loading && (
        <span className={classes.spinner}>
          <Loader size={size === 'sm' ? 20 : 16} color="var(--button-color)" />
        </span>
      )}
    </Root>
  );
}
