/** Installable app: update prompt, offline banner, push. */
export const pwa = {
  updateAvailable: 'Nuova versione disponibile',
  updateHint: "Aggiorna per usare l'ultima versione dell'app.",
  updateNow: 'Aggiorna',
  updateLater: 'Più tardi',
  offlineBanner: 'Sei offline: stai vedendo i contenuti salvati sul dispositivo.',
  push: {
    enable: 'Attiva notifiche push',
    disable: 'Disattiva notifiche push',
    enabled: 'Notifiche push attivate.',
    disabled: 'Notifiche push disattivate.',
    unsupported: 'Questo browser non supporta le notifiche push.',
    denied: 'Hai bloccato le notifiche per questo sito: riattivale dalle impostazioni del browser.',
    notConfigured: 'Le notifiche push non sono configurate.',
    error: 'Impossibile aggiornare le notifiche push.',
    replyTitle: 'Nuova risposta al tuo ticket',
    resolvedTitle: 'Ticket risolto',
    defaultTitle: 'Incontri Italia',
  },
} as const;
