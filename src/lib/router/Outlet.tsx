import { use } from 'react';
import { RouteContext } from './context.ts';

/** Where a layout route shows its matched child route. */
export function Outlet() {
  return use(RouteContext).outlet;
}
