/** The header bell. */
export const notifications = {
  bellLabel: (unread: number) => (unread === 1 ? 'Notifiche, 1 non letta' : `Notifiche, ${unread} non lette`),
  title: 'Notifiche',
  /** Under the dropdown's title: what the bell's badge counts, the unread ones. */
  unreadCount: (unread: number) => (unread === 0 ? 'Nessuna non letta' : unread === 1 ? '1 non letta' : `${unread} non lette`),
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
