/**
 * Why a waiting or refused listing's 'Promuovi', 'Rinnovo automatico', 'Disponibile ora' and
 * 'Pausa' are off (issue 40). The database refuses these actions with the same sentences.
 */
export const BLOCKED_PENDING = "L'annuncio è in revisione: potrai usare questa azione dopo l'approvazione.";
export const BLOCKED_REJECTED = "L'annuncio è stato rifiutato: puoi contestare la decisione scrivendo al supporto.";

/** Issue 26, review before publication: the owner's 'In revisione' and the panel's 'Da approvare'. */
export const review = {
  owner: {
    badge: 'In revisione',
    blocked: { pending: BLOCKED_PENDING, rejected: BLOCKED_REJECTED },
    /** After a save or an upload the database held for review (issue 40). */
    sentForReview: 'Annuncio inviato per la revisione',
    duplicatePhoto: "Una delle foto è già usata da un altro account: lo staff la controlla prima che l'annuncio torni visibile.",
    heldText: "Lo staff controlla l'annuncio prima che sia visibile.",
    since: (when: string) => `Inviato il ${when}: lo staff lo controlla prima che sia pubblico.`,
    rejected: 'Non approvato',
    rejectedHint: 'Lo staff non ha approvato questo annuncio: trovi il motivo nelle notifiche.',
  },
  panel: {
    label: 'Da approvare',
    title: 'Annunci da approvare',
    intro:
      'Gli annunci in attesa di revisione, dal più vecchio. Approvato, l’annuncio diventa pubblico; rifiutato, l’inserzionista legge il motivo, riceve il rimborso della pubblicazione e può contestare la decisione.',
    empty: 'Nessun annuncio da approvare.',
    loadFailed: 'Impossibile caricare gli annunci da approvare.',
    advertiser: 'Inserzionista',
    submitted: 'Inviato il',
    waiting: (text: string) => `In attesa da ${text}`,
    why: 'Perché è in revisione',
    photos: 'Foto dell’annuncio',
    photoAlt: (n: number) => `Foto ${n} dell’annuncio`,
    noPhotos: 'Nessuna foto.',
    reasons: {
      new_advertiser: 'Nuovo inserzionista',
      new_advertiser_edit_text: 'Testo modificato da un inserzionista non ancora fidato',
      new_advertiser_edit_photo: 'Foto aggiunta da un inserzionista non ancora fidato',
      duplicate_photo: 'Foto già usata da un altro account',
      screened_term: 'Termini a rischio',
    } as Record<string, string>,
    terms: 'Termini trovati',
    newPhoto: 'Foto nuova',
    otherPhoto: (owner: string) => `Foto di ${owner}`,
    otherListing: (title: string) => `nell’annuncio «${title}»`,
    distance: (bits: number) => `Distanza: ${bits} bit su 64`,
    distanceHint: '0 = stessa immagine; fino a 8 = una copia ridimensionata, ricompressa o appena ritagliata.',
    approve: 'Approva',
    refuse: 'Rifiuta',
    approveTitle: 'Approvare l’annuncio?',
    approveText: (title: string) => `«${title}» diventerà pubblico subito.`,
    refuseTitle: 'Rifiuta l’annuncio',
    refuseText:
      'L’inserzionista legge questo motivo nella notifica (una motivazione che può contestare scrivendo al supporto) e riceve il rimborso dei crediti della pubblicazione.',
    reason: 'Motivo del rifiuto',
    reasonRequired: 'Indica il motivo del rifiuto.',
    cancel: 'Annulla',
    approved: 'Annuncio approvato: ora è pubblico.',
    refused: 'Annuncio rifiutato: l’inserzionista è stato avvisato e rimborsato.',
    failed: 'Decisione non registrata: riprova.',
  },
  units: {
    minutes: (n: number) => (n === 1 ? '1 minuto' : `${n} minuti`),
    hours: (n: number) => (n === 1 ? '1 ora' : `${n} ore`),
    days: (n: number) => (n === 1 ? '1 giorno' : `${n} giorni`),
  },
} as const;
