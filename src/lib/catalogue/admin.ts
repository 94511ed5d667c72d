/** 'Pannello Controllo' for admin and supporto: the shell and the sections Panoramica, Ticket, Segnalazioni, Registro. */
export const admin = {
  title: 'Pannello Controllo',
  nav: 'Sezioni del pannello',
  sections: {
    overview: 'Panoramica',
    tickets: 'Ticket',
    reports: 'Segnalazioni',
    auditLog: 'Registro',
  },
  sectionLoading: 'Caricamento sezione...',
} as const;
