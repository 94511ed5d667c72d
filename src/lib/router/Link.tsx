import type { ComponentPropsWithRef, MouseEvent } from 'react';
import { useRouter } from './context.ts';
import { createPath, resolve, type To } from './history.ts';

export type LinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & { to: To; replace?: boolean; state?: unknown };

/** A plain left click on this tab is handled by the router; a modified click, another button or target opens as the browser would. */
export const isPlainClick = (event: MouseEvent, target?: string) =>
  event.button === 0 && (!target || target === '_self') && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;

/**
 * A link within the app (also Mantine's `component={Link}`). As with react-router, a link to the
 * current path replaces the entry unless `replace` says otherwise.
 */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { history, location } = useRouter();
  const href = createPath(resolve(to, location));
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainClick(event, target)) return;
    event.preventDefault();
    if (replace ?? href === createPath(location)) history.replace(href, state);
    else history.push(href, state);
  };
  return <a {...rest} href={href} target={target} onClick={click} />;
}
