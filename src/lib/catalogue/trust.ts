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
  /** urgentHint in its two parts, around the 112 as a phone link (the report dialog). */
  urgentHintLead: 'Se qualcuno è in pericolo chiama subito il ',
  urgentHintTail: '. Per un consiglio anonimo:',
  emergency: '112',
  emergencyTel: 'tel:112',
  emergencyCall: 'Chiama il 112, numero unico di emergenza',
} as const;
