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
  /** What lib/apiError.ts says when the server gave no Italian message of its own. */
  apiErrors: {
    offline: 'Sei offline: controlla la connessione e riprova.',
    unauthenticated: 'La sessione è scaduta: accedi di nuovo per continuare.',
    rateLimited: 'Troppi tentativi: attendi qualche minuto e riprova.',
    timeout: 'Il server ha impiegato troppo tempo a rispondere: riprova tra poco.',
    duplicate: 'Questo elemento esiste già.',
    forbidden: 'Non hai i permessi per questa operazione.',
    notFound: 'Elemento non trovato.',
    invalid: 'I dati inviati non sono validi.',
    unexpected: 'Si è verificato un errore imprevisto.',
  },
  /** A length of time in words: '1 ora e 59 minuti' (issue 43: no 'h' or 'min'). */
  duration: {
    hours: (n: number) => (n === 1 ? '1 ora' : `${n} ore`),
    minutes: (n: number) => (n === 1 ? '1 minuto' : `${n} minuti`),
    both: (hours: string, minutes: string) => `${hours} e ${minutes}`,
  },
  retry: 'Riprova',
  closeNotice: 'Chiudi avviso',
  comingSoon: 'Questa sezione sarà disponibile a breve.',
} as const;
