// The app's router: react-router's declarative API, only the part the app uses, a few KB of the
// first route instead of react-router's ~12 (docs/decisions.md, issue 25).
export { BrowserRouter } from './BrowserRouter.tsx';
export { MemoryRouter } from './MemoryRouter.tsx';
export { Link, type LinkProps } from './Link.tsx';
export { Navigate } from './Navigate.tsx';
export { Outlet } from './Outlet.tsx';
export { Route, Routes, useRoutes } from './Routes.tsx';
export { useLocation, useNavigate, useNavigationType, useParams, useSearchParams, type NavigateFunction, type NavigateOptions } from './hooks.ts';
export { NavigationType, type Location, type To } from './history.ts';
export type { Params, RouteObject } from './match.ts';
