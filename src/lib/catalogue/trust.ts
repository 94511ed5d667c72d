/** Issue 26, visitor side: the anti-trafficking hotline, the verified-photos badge and filter, the urgent report category. */
export const trust = {
  /** DESIGN.md: the report flow and the footer carry it. */
  hotline: 'Numero Verde Antitratta 800 290 290 (gratuito, anonimo, 24 ore su 24)',
  hotlineTel: 'tel:800290290',
  hotlineCall: 'Chiama il Numero Verde Antitratta 800 290 290',
  /** 'Foto verificate a novembre 2026' (month and year in Italy). */
  verifiedBadge: (monthYear: string) => `Foto verificate a ${monthYear}`,
  verifiedOnly: 'Solo foto verificate',
  urgentReason: 'Minori o tratta di persone',
  urgentHint: 'Se qualcuno è in pericolo chiama subito il 112. Per un consiglio anonimo:',
} as const;
