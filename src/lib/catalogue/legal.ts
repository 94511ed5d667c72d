/** /termini and /privacy: the texts of an adult classifieds portal operated in Italy. */
interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
}

const terms: { title: string; updated: string; sections: readonly LegalSection[] } = {
  title: 'Termini e condizioni di utilizzo',
  updated: 'Ultimo aggiornamento: 22 novembre 2026',
  sections: [
    {
      heading: '1. Chi siamo e oggetto del servizio',
      paragraphs: [
        'Incontri Italia (di seguito «il Portale») è una bacheca online di annunci personali tra adulti. Il Portale mette a disposizione uno spazio in cui gli inserzionisti pubblicano annunci e i visitatori li consultano; non organizza incontri, non è parte di alcun accordo tra utenti e non percepisce compensi per le prestazioni eventualmente concordate tra loro.',
        'Utilizzando il Portale accetti integralmente i presenti Termini. Se non li accetti, ti preghiamo di non utilizzare il servizio.',
      ],
    },
    {
      heading: '2. Accesso riservato ai maggiorenni',
      paragraphs: [
        'Il Portale è riservato esclusivamente a persone che abbiano compiuto 18 anni. Al primo accesso ti chiediamo di confermare la maggiore età; in fase di registrazione dichiari, sotto la tua responsabilità, di essere maggiorenne.',
        'Gli annunci possono riguardare soltanto persone maggiorenni e consenzienti. Qualsiasi contenuto che coinvolga minori viene rimosso immediatamente e segnalato alle autorità competenti.',
      ],
    },
    {
      heading: '3. Account e sicurezza',
      paragraphs: [
        'Per pubblicare annunci, acquistare crediti o aprire richieste di assistenza devi creare un account con un indirizzo email valido e confermato. Sei responsabile della riservatezza delle tue credenziali e di tutte le attività svolte con il tuo account.',
        'Puoi modificare i tuoi dati, scaricarli o eliminare l’account in qualsiasi momento dalla pagina Impostazioni.',
      ],
    },
    {
      heading: '4. Regole per gli annunci',
      paragraphs: [
        'Gli annunci devono essere veritieri, riferiti alla persona che li pubblica e rispettosi della legge italiana. Ogni inserzionista pubblica soltanto per sé stesso/a e in piena autonomia. È vietato pubblicare: contenuti che riguardano minori; annunci per conto di terzi o qualsiasi forma di sfruttamento, induzione o favoreggiamento della prostituzione (L. 75/1958); foto di terzi senza consenso; dati personali altrui; contenuti violenti, discriminatori o ingannevoli.',
        'Il Portale può moderare, sospendere o rimuovere annunci e account che violano queste regole, anche senza preavviso. In caso di violazioni gravi l’account viene sospeso e l’utente può soltanto consultare i propri ticket di assistenza.',
      ],
    },
    {
      heading: '5. Crediti, promozioni e coupon',
      paragraphs: [
        'La pubblicazione e la promozione degli annunci avvengono tramite crediti acquistati sul Portale. I crediti non sono denaro, non sono rimborsabili né trasferibili e non hanno scadenza finché l’account è attivo. I coupon valgono alle condizioni indicate al momento dell’applicazione.',
        'Ai sensi dell’art. 59 del Codice del Consumo il diritto di recesso non si applica ai contenuti digitali e ai servizi già eseguiti con il tuo consenso espresso.',
      ],
    },
    {
      heading: '6. Responsabilità',
      paragraphs: [
        'Il Portale agisce come prestatore di servizi di memorizzazione (hosting) ai sensi del D.Lgs. 70/2003 e del Regolamento (UE) 2022/2065 (Digital Services Act). Ciascun inserzionista è l’unico responsabile dei contenuti che pubblica e degli accordi che prende con altri utenti.',
        'Puoi segnalare un contenuto illecito in qualsiasi momento tramite la funzione Assistenza: esaminiamo ogni segnalazione con tempestività.',
      ],
    },
    {
      heading: '7. Modifiche e legge applicabile',
      paragraphs: [
        'Possiamo aggiornare questi Termini; le modifiche rilevanti ti saranno comunicate via email o tramite avviso sul Portale. I Termini sono regolati dalla legge italiana; per i consumatori è competente il foro del luogo di residenza.',
      ],
    },
  ],
};

const privacy: { title: string; updated: string; sections: readonly LegalSection[] } = {
  title: 'Informativa sulla privacy',
  updated: 'Ultimo aggiornamento: 22 novembre 2026',
  sections: [
    {
      heading: '1. Titolare del trattamento',
      paragraphs: [
        'Il titolare del trattamento dei dati personali è Incontri Italia S.r.l., con sede in Italia, contattabile tramite la funzione Assistenza del Portale o all’indirizzo privacy@incontri-italia.example. Questa informativa è resa ai sensi degli artt. 13 e 14 del Regolamento (UE) 2016/679 (GDPR).',
      ],
    },
    {
      heading: '2. Quali dati trattiamo',
      paragraphs: [
        'Dati dell’account: email, password (conservata solo in forma cifrata), nome visualizzato, numero di telefono facoltativo, conferma della maggiore età e accettazione dei Termini. Contenuti che pubblichi: testi e foto degli annunci, messaggi di assistenza. Dati di utilizzo: movimenti di crediti, coupon, notifiche, indirizzo IP e dati tecnici di accesso.',
        'Gli annunci possono rivelare informazioni sulla vita sessuale (art. 9 GDPR): le tratti e le rendi pubbliche per tua scelta, con il consenso esplicito che presti pubblicando l’annuncio e che puoi revocare eliminandolo.',
      ],
    },
    {
      heading: '3. Finalità e basi giuridiche',
      paragraphs: [
        'Erogare il servizio e gestire l’account (esecuzione del contratto, art. 6.1.b); gestire pagamenti e obblighi fiscali (obbligo di legge, art. 6.1.c); prevenire abusi, frodi e contenuti illeciti, tutelare i diritti del Portale (legittimo interesse, art. 6.1.f); inviare notifiche push, solo se le attivi (consenso, art. 6.1.a).',
      ],
    },
    {
      heading: '4. Conservazione',
      paragraphs: [
        'I dati dell’account sono conservati finché l’account è attivo e cancellati entro 30 giorni dalla sua eliminazione. Gli annunci scaduti o eliminati vengono rimossi con le relative foto. I documenti contabili dei pagamenti sono conservati dal fornitore di pagamento per 10 anni, come richiesto dalla normativa fiscale. I ticket di assistenza sono conservati per 24 mesi dall’ultima risposta. I log tecnici sono conservati per un massimo di 6 mesi.',
      ],
    },
    {
      heading: '5. Destinatari e trasferimenti',
      paragraphs: [
        'I dati sono trattati da personale autorizzato e da fornitori che agiscono come responsabili del trattamento (hosting, database, invio email, pagamenti), su server situati nell’Unione europea. Non vendiamo i tuoi dati a terzi. Eventuali trasferimenti fuori dallo Spazio economico europeo avvengono solo con le garanzie previste dagli artt. 44 e seguenti del GDPR.',
      ],
    },
    {
      heading: '6. I tuoi diritti',
      paragraphs: [
        'Puoi esercitare in ogni momento i diritti di accesso, rettifica, cancellazione, limitazione, portabilità e opposizione (artt. 15-22 GDPR) e revocare il consenso prestato. Dalla pagina Impostazioni puoi scaricare i tuoi dati in formato JSON ed eliminare l’account; per le altre richieste scrivici tramite Assistenza. Hai inoltre il diritto di proporre reclamo al Garante per la protezione dei dati personali (www.garanteprivacy.it).',
      ],
    },
    {
      heading: '7. Cookie e archiviazione locale',
      paragraphs: [
        'Il Portale usa soltanto strumenti tecnici necessari al funzionamento: l’archiviazione locale del browser (localStorage e IndexedDB) per mantenere la sessione, le preferenze, la conferma della maggiore età e una copia delle pagine per l’uso offline. Non usiamo cookie di profilazione né strumenti pubblicitari di terze parti, per cui non è richiesto un banner di consenso ai sensi delle Linee guida del Garante del 10 giugno 2021.',
      ],
    },
  ],
};

export const legal = { terms, privacy } as const;
