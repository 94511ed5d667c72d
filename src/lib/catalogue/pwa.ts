/** Installable app: update prompt, offline banner, push. */
export const pwa = {
  updateAvailable: 'Nuova versione disponibile',
  updateHint: "Aggiorna per usare l'ultima versione dell'app.",
  updateNow: 'Aggiorna',
  updateLater: 'Più tardi',
  offlineBanner: 'Sei offline: stai vedendo i contenuti salvati sul dispositivo.',
  /** Writes made offline, waiting in the outbox (issue 45). */
  outbox: {
    waiting: (n: number) => (n === 1 ? '1 azione in attesa di invio' : `${n} azioni in attesa di invio`),
    pending: 'In attesa di connessione',
    dropped: (reason: string) => `Unʼazione fatta offline non è stata inviata. ${reason}`,
  },
  install: {
    title: 'Installa Incontri Italia',
    text: "Aggiungi l'app alla schermata Home: annunci consultabili anche offline e notifiche quando ti rispondono.",
    install: 'Installa',
    later: 'Non ora',
    iosTitle: 'Aggiungi Incontri Italia alla schermata Home',
    iosText: 'Annunci consultabili anche offline e notifiche, come unʼapp.',
    iosStep1: 'Tocca Condividi nella barra di Safari',
    iosStep2: "Scegli 'Aggiungi alla schermata Home'",
  },
  push: {
    enable: 'Attiva notifiche push',
    disable: 'Disattiva notifiche push',
    enabled: 'Notifiche push attivate.',
    disabled: 'Notifiche push disattivate.',
    unsupported: 'Questo browser non supporta le notifiche push.',
    denied:
      'Le notifiche sono bloccate per questo sito. Per consentirle tocca il lucchetto accanto all’indirizzo, apri Autorizzazioni (o Impostazioni sito) › Notifiche e scegli Consenti, poi riprova.',
    unreachable: 'Non è stato possibile attivare le notifiche push: il servizio non risponde. Riprova più tardi.',
    notConfigured: 'Le notifiche push non sono configurate.',
    error: 'Impossibile aggiornare le notifiche push.',
    replyTitle: 'Nuova risposta al tuo ticket',
    resolvedTitle: 'Ticket risolto',
    defaultTitle: 'Incontri Italia',
  },
} as const;
