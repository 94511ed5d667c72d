import type { ReactElement, ReactNode } from 'react';
import { render as rtlRender, type RenderOptions } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Providers } from '@/app/Providers.tsx';

/** The one render helper: Mantine (with notifications) and a router at `route`. */
export function render(ui: ReactElement, opts: RenderOptions & { route?: string } = {}) {
  const { route = '/', ...rest } = opts;
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <Providers>
      <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
    </Providers>
  );
  return rtlRender(ui, { wrapper: Wrapper, ...rest });
}

export * from '@testing-library/react';
