import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { theme } from '../src/lib/ui/theme.ts';

/**
 * The theme's CSS variables and Mantine's global classes (hidden-from, visible-from), as
 * MantineProvider writes them, rendered here once: the first route renders no Mantine
 * component and no provider (src/lib/ui/inMantine.ts), yet its plain elements use the theme's
 * variables. Each selector counts twice (`:root:root`), so Mantine's default variables do not
 * win whatever the order of the stylesheets (dev injects them after the page's own).
 */
export function mantineThemeCss(): string {
  const html = renderToStaticMarkup(createElement(MantineProvider, { theme, defaultColorScheme: 'light' }));
  return [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!.replace(/:root/g, ':root:root')).join('');
}
