import { BrowserRouter, useRoutes } from 'react-router-dom';
import { bootstrap } from './bootstrap.ts';
import { Providers } from './Providers.tsx';
import { routes } from './routes.tsx';

bootstrap();

// A declarative router: the app uses no loaders or actions, and the data router would
// add a third to the router's code on the first route.
function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
