import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { bootstrap } from './bootstrap.ts';
import { Providers } from './Providers.tsx';
import { routes } from './routes.tsx';

bootstrap();
const router = createBrowserRouter(routes);

export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
