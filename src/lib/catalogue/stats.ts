/** The listing statistics screen (/statistiche/:id) and its link on the owner's card. */
const n = (count: number, one: string, many: string) => (count === 1 ? `1 ${one}` : `${count.toLocaleString('it-IT')} ${many}`);

export const stats = {
  action: 'Statistiche',
  actionLabel: (title: string) => `Statistiche dell'annuncio ${title}`,
  documentTitle: 'Statistiche annuncio',
  title: 'Statistiche',
  of: (title: string) => `Annuncio: ${title}`,
  back: 'Torna ai tuoi annunci',
  last7: 'Ultimi 7 giorni',
  last30: 'Ultimi 30 giorni',
  views: 'Visite',
  contacts: 'Contatti',
  calls: 'Chiama',
  whatsapp: 'WhatsApp',
  favourites: 'Preferiti',
  impressions: 'In prima pagina di ricerca',
  contactsDetail: (calls: number, whatsapp: number) => `${n(calls, 'chiamata', 'chiamate')}, ${whatsapp} WhatsApp`,
  chartTitle: 'Visite e contatti, ultimi 30 giorni',
  chartSummary: (views: number, contacts: number, best: string | null, promotedDays: number) =>
    `Negli ultimi 30 giorni ${n(views, 'visita', 'visite')} e ${n(contacts, 'contatto', 'contatti')}.` +
    (best ? ` Il giorno con più visite: ${best}.` : '') +
    (promotedDays ? ` Annuncio promosso per ${n(promotedDays, 'giorno', 'giorni')}, evidenziati nel grafico.` : ''),
  legendViews: 'Visite (barre)',
  legendContacts: 'Contatti (linea)',
  legendPromoted: 'Giorni promossi',
  table: 'Mostra i dati giorno per giorno',
  tableCaption: 'Visite, contatti, preferiti e comparse in ricerca per giorno',
  day: 'Giorno',
  promotedYes: 'Sì',
  promotedNo: '—',
  promotedColumn: 'Promosso',
  /** The table's headers short enough for 360 px (issue 43); screen readers hear the full names above. */
  short: { favourites: 'Pref.', impressions: 'Ricerca', promoted: 'Promo' },
  empty: 'Il conteggio inizia oggi: qui vedrai visite e contatti non appena arrivano.',
  howWeCount:
    'Ogni dispositivo conta una volta al giorno per annuncio; non contano le tue visite, quelle dello staff e dei motori di ricerca. Non registriamo indirizzi né chi ti ha visitato.',
  loadFailed: 'Impossibile caricare le statistiche.',
  loading: 'Caricamento delle statistiche...',
} as const;
