import type { ReactElement, ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render as rtlRender, type RenderOptions } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Providers } from '@/app/Providers.tsx';
import { createQueryClient } from '@/lib/queryClient.ts';
import MantineRoot from '@/lib/ui/MantineRoot.tsx';

/** The one render helper: Mantine (with notifications), a fresh query cache and a router at `route`. */
export function render(ui: ReactElement, opts: RenderOptions & { route?: string } = {}) {
  const { route = '/', ...rest } = opts;
  const queries = createQueryClient();
  // A test sees a failure at once instead of after the retries' back-off.
  queries.setDefaultOptions({ queries: { ...queries.getDefaultOptions().queries, retry: false } });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <Providers>
      <MantineRoot>
        <QueryClientProvider client={queries}>
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        </QueryClientProvider>
      </MantineRoot>
    </Providers>
  );
  return rtlRender(ui, { wrapper: Wrapper, ...rest });
}

export * from '@testing-library/react';
