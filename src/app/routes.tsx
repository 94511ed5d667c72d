import type { RouteObject } from 'react-router-dom';
import { Placeholder } from './Placeholder.tsx';

/** The route table of SPEC.md §2; guards wrap these in issue 4. */
export const routes: RouteObject[] = [
  { path: '/', element: <Placeholder title="Annunci" /> },
  { path: '*', element: <Placeholder title="Pagina non trovata" /> },
];
