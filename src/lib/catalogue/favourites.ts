/** Preferiti: the heart on cards and on the detail page (in the first route). */
export const favourites = {
  add: (title: string) => `Aggiungi ai preferiti: ${title}`,
  remove: (title: string) => `Rimuovi dai preferiti: ${title}`,
  added: 'Aggiunto ai preferiti: sarà disponibile anche offline.',
  removed: 'Rimosso dai preferiti.',
  /** A banned account changes no favourites (the database refuses it). */
  banned: 'Il tuo account è sospeso: non puoi modificare i preferiti.',
  saveLabel: 'Salva',
  savedLabel: 'Salvato',
  headerLink: 'Preferiti',
} as const;

/** The /preferiti screen's strings, loaded with the screen. */
export const favouritesScreen = {
  title: 'Preferiti',
  intro: 'Gli annunci che hai salvato, anche senza connessione.',
  introSignedOut: 'Gli annunci che hai salvato su questo dispositivo, anche senza connessione. Accedi per ritrovarli su tutti i tuoi dispositivi.',
  login: 'Accedi',
  empty: 'Non hai ancora salvato annunci. Tocca il cuore su un annuncio per ritrovarlo qui, anche offline.',
  browse: 'Cerca annunci',
  open: (title: string) => `Apri l'annuncio ${title}`,
  noPhoto: 'Nessuna foto',
  states: {
    paused: 'In pausa',
    expired: 'Scaduto',
    removed: 'Non più disponibile',
  } as Record<string, string>,
  stateHint: {
    paused: "L'inserzionista ha messo in pausa l'annuncio.",
    expired: "L'annuncio è scaduto.",
    removed: "L'annuncio è stato rimosso.",
  } as Record<string, string>,
  tooMany: 'Hai raggiunto il numero massimo di preferiti (500).',
  years: (n: number) => `${n} anni`,
} as const;
