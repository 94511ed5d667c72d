export const common = {
  appName: 'Incontri Italia',
  loading: {
    title: 'Caricamento applicazione...',
    subtitle: 'Preparando la tua esperienza...',
  },
  errors: {
    generic: 'Si è verificato un errore imprevisto.',
    routerFallback: 'Unexpected Application Error!',
  },
  comingSoon: 'Questa sezione sarà disponibile a breve.',
} as const;
