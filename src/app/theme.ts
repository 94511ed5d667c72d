import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'pink',
  // Shade 8 keeps white-on-pink and pink-on-white text above 4.5:1 (WCAG AA).
  primaryShade: 8,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
});
