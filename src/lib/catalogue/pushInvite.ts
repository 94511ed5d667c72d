/** The invitation to web push at the moments it matters: a ticket just opened, a search saved with alerts. */
export const pushInvite = {
  ticket: {
    title: 'Vuoi sapere subito quando ti rispondiamo?',
    text: 'Attiva le notifiche push su questo dispositivo: ti avvisiamo appena lo staff risponde al tuo ticket, anche ad app chiusa.',
  },
  savedSearch: {
    title: 'Avvisi anche come notifica push?',
    text: 'Attiva le notifiche push su questo dispositivo: i nuovi annunci di questa ricerca ti arrivano anche ad app chiusa.',
  },
  enable: 'Attiva notifiche',
  dismiss: 'No, grazie',
} as const;
