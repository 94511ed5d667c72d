/** The header bell. */
export const notifications = {
  bellLabel: (unread: number) => (unread === 1 ? 'Notifiche, 1 non letta' : `Notifiche, ${unread} non lette`),
  /** The dropdown's heading, as SPEC gives it ('Notifiche (count)'): the count is the badge's, the unread ones. */
  heading: (unread: number) => `Notifiche (${unread})`,
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
