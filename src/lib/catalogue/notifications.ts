/** The header bell. */
export const notifications = {
  bellLabel: (unread: number) => (unread === 1 ? 'Notifiche, 1 non letta' : `Notifiche, ${unread} non lette`),
  title: (count: number) => `Notifiche (${count})`,
  loading: 'Caricamento notifiche...',
  empty: 'Nessuna nuova notifica.',
  markAll: 'Segna tutte come lette',
  unread: 'Non letta',
  errors: {
    staffFetch: 'Impossibile caricare le notifiche.',
    userFetch: 'Impossibile caricare le tue notifiche.',
    markOne: 'Impossibile marcare la notifica come letta.',
    markAll: 'Impossibile marcare tutte le notifiche come lette.',
  },
} as const;
