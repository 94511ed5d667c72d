/** The search screen. */
export const search = {
  title: 'Cerca annunci',
  query: 'Cerca',
  /** Short enough for the field beside 'Cerca' at 360 px (issue 43). */
  queryPlaceholder: 'Titolo o descrizione',
  submit: 'Cerca',
  filters: 'Filtri',
  /** The control that opens the filters, with how many are applied. */
  filtersButton: (n: number) => (n > 0 ? `Filtri (${n})` : 'Filtri'),
  reset: 'Azzera filtri',
  category: 'Categoria',
  anyCategory: 'Tutte le categorie',
  city: 'Città',
  cityPlaceholder: 'Es. Milano',
  zone: 'Zona',
  zonePlaceholder: 'Es. Centro',
  ageMin: 'Età minima',
  ageMax: 'Età massima',
  rateMin: 'Tariffa min. (€/h)',
  rateMax: 'Tariffa max. (€/h)',
  availableNow: 'Disponibile ora',
  availableNowHint: 'Solo chi è disponibile in questo momento.',
  anyOf: 'Per le caratteristiche qui sotto basta che l’annuncio ne abbia almeno una tra quelle scelte.',
  /** The total; search_listings_count stops counting past 1000 and then answers 1001. */
  results: (n: number) => (n === 1 ? '1 annuncio' : n > 1000 ? 'oltre 1.000 annunci' : `${n} annunci`),
  empty: 'Nessun annuncio corrisponde alla tua ricerca.',
  emptyHint: 'Prova a togliere qualche filtro o a cercare in un’altra città.',
  loadMore: 'Carica altri risultati',
  loading: 'Caricamento risultati...',
  error: 'Impossibile completare la ricerca.',
  offline: 'Questa ricerca non è disponibile offline. Riprova quando sei di nuovo online.',
  end: 'Hai visto tutti i risultati.',
  /** Opens the save-search dialog (its own strings load with it: catalogue/savedSearches.ts). */
  save: 'Salva ricerca',
} as const;
