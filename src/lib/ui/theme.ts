import { createTheme } from '@mantine/core';
// Relative: the build reads the theme too (build/mantineThemeCss.ts), without the '@' alias.
import { t } from '../catalogue/index.ts';

export const theme = createTheme({
  primaryColor: 'pink',
  // Shade 8 keeps white-on-pink and pink-on-white text above 4.5:1 (WCAG AA).
  primaryShade: 8,
  // Dark text on light filled colours (the yellow 'In Attesa' badge), white on dark ones.
  autoContrast: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
  components: {
    // Mantine's toggle is labelled in English. A plain object, not PasswordInput.extend():
    // importing the component here would pull it into the first route's JavaScript.
    PasswordInput: {
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': t.auth.fields.passwordToggle } },
    },
    // A toast's close button has only an icon: name it, or screen readers announce 'button'.
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': t.common.closeNotice } },
    },
  },
});
