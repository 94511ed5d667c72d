/**
 * The demo data set, as plain data (pure and deterministic: a seeded PRNG, no clock).
 *
 * Every time is an offset in minutes from the moment seed.sql is applied (negative = in
 * the past); sql.ts renders them as `now() ± interval '…'`, so the demo stays fresh
 * whenever it is loaded. Ids are fixed so that tests and docs can refer to them.
 */
import { listings as listingCopy } from '../../src/lib/catalogue/listings.ts';
import { VALUE_LISTS, ARRAY_ATTRIBUTES, type ArrayAttribute, type Category, type Ethnicity, type Nationality } from './values.ts';

export const MIN = 1;
export const HOUR = 60;
export const DAY = 24 * HOUR;

/** Listing lifetime and promotion prices (DESIGN.md). */
export const LISTING_DAYS = 30;
export const LISTING_COST = 10;
export const PROMOTION_COST_PER_DAY = { day: 8, night: 12 } as const;
export const CREDIT_PACKAGES = [
  { name: 'Starter', credits: 50, priceCents: 990 },
  { name: 'Standard', credits: 120, priceCents: 1990 },
  { name: 'Pro', credits: 300, priceCents: 4490 },
] as const;
export type PackageName = (typeof CREDIT_PACKAGES)[number]['name'];

// ---------------------------------------------------------------------------------------
// Deterministic randomness

/** mulberry32: small, fast, good enough for demo data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const int = (r: Rand, min: number, max: number) => min + Math.floor(r() * (max - min + 1));
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
function pickSome<T>(r: Rand, xs: readonly T[], min: number, max: number): T[] {
  const n = Math.min(xs.length, int(r, min, max));
  const pool = [...xs];
  const out: T[] = [];
  while (out.length < n) out.push(pool.splice(Math.floor(r() * pool.length), 1)[0]!);
  // keep the value-list order: nicer to read, stable badges
  return xs.filter((x) => out.includes(x));
}
/** Weighted pick: [value, weight][] */
function weighted<T>(r: Rand, xs: readonly (readonly [T, number])[]): T {
  const total = xs.reduce((s, [, w]) => s + w, 0);
  let x = r() * total;
  for (const [v, w] of xs) {
    x -= w;
    if (x < 0) return v;
  }
  return xs[xs.length - 1]![0];
}

// ---------------------------------------------------------------------------------------
// Ids

const pad = (n: number, width = 12) => n.toString().padStart(width, '0');
/** Readable fixed UUIDs (version 4 / variant 8 nibbles, so strict validators accept them). */
export const uuid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${pad(n)}`;
export const userId = (n: number) => uuid('a0000000', n);
export const listingId = (n: number) => uuid('b0000000', n);
export const couponId = (n: number) => uuid('c0000000', n);
// Tickets show their first 8 characters (#d0000005): the number is in the prefix too, so each reads apart.
export const ticketId = (n: number) => uuid(`d${String(n).padStart(7, '0')}`, n);
export const ticketMessageId = (n: number) => uuid('d1000000', n);
export const notificationId = (n: number) => uuid('e0000000', n);
export const savedSearchId = (n: number) => uuid('f0000000', n);
export const transactionId = (n: number) => uuid('f0000000', n);
export const paymentId = (n: number) => uuid('f1000000', n);
export const reportId = (n: number) => uuid('f2000000', n);

// ---------------------------------------------------------------------------------------
// Accounts

export type Role = 'user' | 'admin' | 'supporto' | 'banned';

export interface SeedUser {
  key: string;
  id: string;
  email: string;
  password: string;
  role: Role;
  displayName: string;
  phone: string | null;
  referralCode: string;
  /** key of the referrer */
  referredBy?: string;
  createdAt: number;
  lastSignInAt: number | null;
  /** shown in README.md */
  note: string;
}

export const DEMO_DOMAIN = 'incontri.local';
const EXTRA_PASSWORD = 'Demo123!';

export const USERS: SeedUser[] = [
  {
    key: 'admin', id: userId(1), email: `admin@${DEMO_DOMAIN}`, password: 'Admin123!', role: 'admin',
    displayName: 'Amministratore', phone: '+390212345678', referralCode: 'ADMIN001',
    createdAt: -120 * DAY, lastSignInAt: -2 * HOUR, note: 'Amministratore: Pannello Controllo, notifiche staff',
  },
  {
    key: 'supporto', id: userId(2), email: `supporto@${DEMO_DOMAIN}`, password: 'Supporto123!', role: 'supporto',
    displayName: 'Supporto Clienti', phone: '+390687654321', referralCode: 'SUPPORTO1',
    createdAt: -110 * DAY, lastSignInAt: -5 * HOUR, note: 'Staff di supporto: ticket e segnalazioni',
  },
  {
    key: 'giulia', id: userId(3), email: `giulia@${DEMO_DOMAIN}`, password: 'Giulia123!', role: 'user',
    displayName: 'Giulia', phone: '+393331234567', referralCode: 'GIULIA2026',
    createdAt: -62 * DAY, lastSignInAt: -1 * HOUR,
    note: 'Utente demo principale: annunci in ogni stato, crediti, coupon in ogni stato, ticket, notifiche',
  },
  {
    key: 'marco', id: userId(4), email: `marco@${DEMO_DOMAIN}`, password: 'Marco123!', role: 'user',
    displayName: 'Marco', phone: '+393479876543', referralCode: 'MARCO2026', referredBy: 'giulia',
    createdAt: -40 * DAY, lastSignInAt: -1 * DAY, note: 'Secondo utente: invitato da Giulia (referral), annunci, ticket',
  },
  {
    key: 'bannato', id: userId(5), email: `bannato@${DEMO_DOMAIN}`, password: 'Bannato123!', role: 'banned',
    displayName: 'Utente Sospeso', phone: '+393201112233', referralCode: 'BANNATO1',
    createdAt: -50 * DAY, lastSignInAt: -6 * DAY, note: 'Utente bannato: viene mandato a /banned',
  },
];

const EXTRA_ADVERTISERS: [key: string, displayName: string, phone: string][] = [
  ['lara', 'Lara B.', '+393401234001'],
  ['valentina', 'Valentina M.', '+393401234002'],
  ['studio.benessere', 'Studio Benessere', '+393401234003'],
  ['nadia', 'Nadia T.', '+393401234004'],
  ['roberta', 'Roberta C.', '+393401234005'],
  ['simona', 'Simona F.', '+393401234006'],
  ['ilaria', 'Ilaria P.', '+393401234007'],
  ['monica', 'Monica D.', '+393401234008'],
  ['sara', 'Sara G.', '+393401234009'],
  ['paolo', 'Paolo V.', '+393401234010'],
];
EXTRA_ADVERTISERS.forEach(([key, displayName, phone], i) => {
  USERS.push({
    key, id: userId(11 + i), email: `${key}@${DEMO_DOMAIN}`, password: EXTRA_PASSWORD, role: 'user', displayName, phone,
    referralCode: `${key.replace(/\W/g, '').toUpperCase().slice(0, 8)}${11 + i}`,
    createdAt: -(90 - i * 3) * DAY, lastSignInAt: -(i + 1) * 7 * HOUR, note: 'Inserzionista demo',
  });
});

/** When the admin banned bannato@ (his listings were frozen then). */
export const BAN_AT = -6 * DAY - 2 * HOUR;
/** The statement of reasons bannato@ reads on /banned. */
export const BAN_REASON = 'Foto non autentiche negli annunci, in violazione dei Termini di servizio.';

export const userByKey = (key: string): SeedUser => {
  const u = USERS.find((x) => x.key === key);
  if (!u) throw new Error(`unknown seed user ${key}`);
  return u;
};

// ---------------------------------------------------------------------------------------
// Listings

export type ListingState = 'active' | 'premium_day' | 'premium_night' | 'pending' | 'paused' | 'paused_premium' | 'expired';

export interface SeedListing {
  n: number;
  id: string;
  userId: string;
  ownerKey: string;
  title: string;
  slug: string;
  category: Category;
  city: string;
  zone: string;
  age: number;
  description: string;
  hourlyRate: number;
  attrs: Record<ArrayAttribute, string[]>;
  state: ListingState;
  createdAt: number;
  expiresAt: number;
  lastBumpedAt: number;
  isPremium: boolean;
  promotionMode: 'day' | 'night' | null;
  promotionStartAt: number | null;
  promotionEndAt: number | null;
  /** when the promotion was bought (premium_upgrade transaction) */
  promotionBoughtAt: number | null;
  promotionDays: number | null;
  isPaused: boolean;
  pausedAt: number | null;
  remainingExpiresMinutes: number | null;
  remainingPromotionMinutes: number | null;
  /** how many demo photos seedPhotos gives it (premium 5, base 1-3) */
  photoCount: number;
}

interface Persona {
  name: string;
  category: Category;
  nationality: Nationality;
  ethnicity: Ethnicity;
  /** origin adjective when nationality is 'altra' */
  origin?: string;
  city: string;
  zone: string;
  owner?: string;
  state?: ListingState;
}

/** [name, category, nationality, ethnicity, city, zone, owner?, state?, origin?] */
type Row = [string, Category, Nationality, Ethnicity, string, string, string?, ListingState?, string?];
const ROWS: Row[] = [
  // Milano
  ['Sofia', 'donne', 'italiana', 'europea', 'Milano', 'Brera', 'giulia', 'premium_day'],
  ['Natasha', 'donne', 'russa', 'europea', 'Milano', 'Porta Venezia', undefined, 'premium_night'],
  ['Larissa', 'donne', 'brasiliana', 'latina', 'Milano', 'Navigli', undefined, 'premium_day'],
  ['Mei', 'massaggi', 'cinese', 'asiatica', 'Milano', 'Città Studi'],
  ['Bianca', 'trans', 'italiana', 'mediterranea', 'Milano', 'Isola'],
  ['Alessandro', 'uomini', 'italiana', 'europea', 'Milano', 'CityLife', 'marco', 'premium_night'],
  ['Amélie', 'donne', 'francese', 'europea', 'Milano', 'Porta Romana'],
  ['Elisa e Marco', 'coppie', 'italiana', 'mediterranea', 'Milano', 'Porta Garibaldi'],
  // Roma
  ['Ginevra', 'donne', 'italiana', 'mediterranea', 'Roma', 'Prati', 'giulia', 'pending'],
  ['Camila', 'donne', 'colombiana', 'latina', 'Roma', 'Trastevere', undefined, 'premium_day'],
  ['Yasmin', 'donne', 'altra', 'araba', 'Roma', 'San Giovanni', undefined, undefined, 'marocchina'],
  ['Luna', 'trans', 'brasiliana', 'mista', 'Roma', 'Monti', undefined, 'premium_night'],
  ['Priya', 'massaggi', 'altra', 'indiana', 'Roma', 'Parioli', undefined, undefined, 'indiana'],
  ['Matteo', 'uomini', 'italiana', 'mediterranea', 'Roma', 'EUR', undefined, 'paused'],
  ['Ana', 'donne', 'romena', 'europea', 'Roma', 'Testaccio'],
  ['Valeria e Andrea', 'coppie', 'italiana', 'europea', 'Roma', 'Flaminio'],
  // Napoli
  ['Chiara', 'donne', 'italiana', 'mediterranea', 'Napoli', 'Chiaia', undefined, 'premium_day'],
  ['Lucía', 'donne', 'spagnola', 'mediterranea', 'Napoli', 'Posillipo'],
  ['Daniela', 'donne', 'venezuelana', 'latina', 'Napoli', 'Vomero', undefined, 'premium_night'],
  ['Kiara', 'trans', 'italiana', 'mediterranea', 'Napoli', 'Fuorigrotta'],
  ['Davide', 'uomini', 'italiana', 'mediterranea', 'Napoli', 'Centro Storico', undefined, 'expired'],
  // Torino
  ['Olga', 'donne', 'moldava', 'europea', 'Torino', 'Crocetta', 'giulia', 'paused_premium'],
  ['Aurora', 'donne', 'italiana', 'europea', 'Torino', 'San Salvario'],
  ['Lin', 'massaggi', 'cinese', 'asiatica', 'Torino', 'Vanchiglia'],
  ['Elira', 'donne', 'albanese', 'europea', 'Torino', 'Centro'],
  // Bologna
  ['Beatrice', 'donne', 'italiana', 'europea', 'Bologna', 'Santo Stefano', undefined, 'premium_day'],
  ['Amara', 'donne', 'altra', 'africana', 'Bologna', 'Bolognina', undefined, undefined, 'senegalese'],
  ['Nicole', 'trans', 'italiana', 'europea', 'Bologna', 'Saragozza', undefined, 'paused'],
  ['Giorgia e Luca', 'coppie', 'italiana', 'europea', 'Bologna', 'Murri'],
  // Firenze
  ['Vittoria', 'donne', 'italiana', 'mediterranea', 'Firenze', 'Santo Spirito', 'giulia', 'expired'],
  ['Kasia', 'donne', 'polacca', 'europea', 'Firenze', 'Santa Croce', undefined, 'premium_night'],
  ['Yanelis', 'donne', 'cubana', 'mista', 'Firenze', 'Campo di Marte'],
  ['Serena', 'massaggi', 'italiana', 'europea', 'Firenze', 'Novoli'],
  // Genova
  ['Martina', 'donne', 'italiana', 'mediterranea', 'Genova', 'Albaro'],
  ['Yulia', 'donne', 'ucraina', 'europea', 'Genova', 'Foce', undefined, 'pending'],
  ['Rafael', 'uomini', 'brasiliana', 'latina', 'Genova', 'Castelletto'],
  // Venezia
  ['Elena', 'donne', 'italiana', 'europea', 'Venezia', 'Mestre', 'giulia'],
  ['Svetlana', 'donne', 'russa', 'europea', 'Venezia', 'Cannaregio', undefined, 'expired'],
  ['Nok', 'massaggi', 'altra', 'asiatica', 'Venezia', 'Lido', undefined, undefined, 'thailandese'],
  // Verona
  ['Greta', 'donne', 'italiana', 'europea', 'Verona', 'Borgo Trento', undefined, 'premium_day'],
  ['Jéssica', 'trans', 'brasiliana', 'latina', 'Verona', 'Veronetta'],
  ['Paola', 'massaggi', 'italiana', 'mediterranea', 'Verona', 'Borgo Roma'],
  // Palermo
  ['Rosalia', 'donne', 'italiana', 'mediterranea', 'Palermo', 'Politeama', undefined, 'premium_night'],
  ['Leila', 'donne', 'altra', 'araba', 'Palermo', 'Libertà', undefined, undefined, 'tunisina'],
  ['Simone e Irene', 'coppie', 'italiana', 'mediterranea', 'Palermo', 'Mondello', 'marco', 'paused'],
  // Bari
  ['Noemi', 'donne', 'italiana', 'mediterranea', 'Bari', 'Poggiofranco', undefined, 'pending'],
  ['Mariana', 'donne', 'cubana', 'latina', 'Bari', 'Murat'],
  ['Antonio', 'uomini', 'italiana', 'mediterranea', 'Bari', 'Carrassi', 'bannato', 'paused'],
  // Catania
  ['Agata', 'donne', 'italiana', 'mediterranea', 'Catania', 'Centro Storico'],
  ['Oksana', 'donne', 'ucraina', 'europea', 'Catania', 'Ognina'],
  ['Luana', 'trans', 'brasiliana', 'latina', 'Catania', 'Picanello'],
  // Padova
  ['Camilla', 'donne', 'italiana', 'europea', 'Padova', 'Prato della Valle', undefined, 'premium_day'],
  ['Irina', 'donne', 'moldava', 'europea', 'Padova', 'Arcella', 'bannato', 'expired'],
  ['Zhen', 'massaggi', 'cinese', 'asiatica', 'Padova', 'Portello'],
  // Trieste
  ['Ludovica', 'donne', 'italiana', 'europea', 'Trieste', 'Borgo Teresiano', undefined, 'expired'],
  ['Mila', 'donne', 'altra', 'europea', 'Trieste', 'Barcola', undefined, undefined, 'slovena'],
  // Cagliari
  ['Arianna', 'donne', 'italiana', 'mediterranea', 'Cagliari', 'Poetto', undefined, 'paused'],
  ['Federico', 'uomini', 'italiana', 'mediterranea', 'Cagliari', 'Castello', 'marco'],
  // Rimini
  ['Stella', 'donne', 'italiana', 'europea', 'Rimini', 'Marina Centro', 'giulia'],
  ['Naomi', 'donne', 'altra', 'mista', 'Rimini', 'Rivazzurra', undefined, undefined, 'italo-etiope'],
];

const PERSONAS: Persona[] = ROWS.map(([name, category, nationality, ethnicity, city, zone, owner, state, origin]) => ({
  name, category, nationality, ethnicity, city, zone, owner, state, origin,
}));

// Italian labels used inside descriptions
const HAIR: Record<string, string> = { bionda: 'biondi', castana: 'castani', mora: 'mori', rossa: 'rossi', nera: 'neri', colorata: 'colorati' };
const BODY_F: Record<string, string> = { magra: 'magro', snella: 'snello', atletica: 'atletico', normale: 'normale', formosa: 'formoso', curvy: 'morbido e curvy' };
const AVAILABILITY: Record<string, string> = { mattina: 'la mattina', pomeriggio: 'il pomeriggio', sera: 'la sera', notte: 'la notte', weekend: 'nel weekend' };
const MEETING: Record<string, string> = {
  cena: 'una cena elegante', aperitivo: 'un aperitivo', relax: 'un momento di relax', massaggio: 'un massaggio',
  viaggio: 'un weekend fuori porta', altro: 'ogni occasione speciale',
};

function nationalityAdj(p: Persona, masculine: boolean): string {
  const base = p.nationality === 'altra' ? p.origin ?? 'straniera' : p.nationality;
  if (!masculine) return base;
  if (base.endsWith('ca')) return `${base.slice(0, -2)}co`;
  if (base.endsWith('a')) return `${base.slice(0, -1)}o`;
  return base;
}

function joinIt(xs: string[]): string {
  if (xs.length <= 1) return xs.join('');
  return `${xs.slice(0, -1).join(', ')} e ${xs[xs.length - 1]}`;
}

const TITLES: Record<Category, ((p: Persona, adj: string) => string)[]> = {
  donne: [
    (p) => `${p.name}, elegante e raffinata a ${p.zone}`,
    (p) => `${p.name}, compagnia sofisticata per le tue serate`,
    (p) => `Dolce ${p.name}, appena arrivata a ${p.city}`,
    (p) => `${p.name}, sorriso solare e tanta classe`,
    (p) => `Serate speciali con ${p.name} a ${p.city}`,
    (p, adj) => `Incantevole ${p.name}, ${adj} di classe`,
    (p) => `${p.name}: eleganza e discrezione in zona ${p.zone}`,
    (p) => `Nuova a ${p.city}: ${p.name}, dolce e coinvolgente`,
    (p) => `${p.name}, compagnia colta e spiritosa per cene ed eventi`,
    (p) => `${p.name}, fascino naturale a due passi da ${p.zone}`,
    (p) => `Momenti di complicità con ${p.name}`,
    (p, adj) => `${p.name}, ${adj}, raffinata e discreta`,
  ],
  uomini: [
    (p) => `${p.name}, accompagnatore elegante a ${p.city}`,
    (p) => `${p.name}, gentiluomo discreto per cene ed eventi`,
    (p) => `Serate rilassanti con ${p.name}, sportivo e premuroso`,
    (p, adj) => `${p.name}, ${adj}, educato e riservato`,
  ],
  trans: [
    (p) => `${p.name}, trans femminile e raffinata a ${p.zone}`,
    (p, adj) => `Affascinante ${p.name}, trans ${adj} a ${p.city}`,
    (p) => `${p.name}, bellezza trans sofisticata e discreta`,
    (p) => `${p.name}, dolce sorpresa in zona ${p.zone}`,
  ],
  coppie: [
    (p) => `${p.name}: coppia complice per serate speciali`,
    (p) => `Coppia affiatata a ${p.city} cerca incontri eleganti`,
    (p) => `${p.name}, coppia solare e discreta a ${p.zone}`,
  ],
  massaggi: [
    (p) => `Massaggio rilassante con ${p.name} a ${p.zone}`,
    (p) => `${p.name}, massaggi tantrici e olistici a ${p.city}`,
    (p) => `Oasi di benessere: i massaggi di ${p.name}`,
    (p) => `${p.name}, mani d'oro per il tuo relax a ${p.city}`,
  ],
};

const PERSONALITY_F = [
  "Amo la buona cucina, l'arte e le conversazioni che durano fino a tardi.",
  'Sono solare, curiosa e molto attenta ai dettagli.',
  'Mi piace prendermi il mio tempo: niente fretta, solo relax e complicità.',
  'Elegante in pubblico, spontanea e divertente in privato.',
  'Appassionata di viaggi, musica jazz e buon vino.',
  'Studio lingue e adoro conoscere persone nuove e interessanti.',
  'Sportiva, sorridente e sempre curata in ogni dettaglio.',
  'Dolce, paziente e attenta: con me ti sentirai subito a tuo agio.',
  'Adoro il teatro, i libri e le passeggiate al tramonto.',
];
const PERSONALITY_M = [
  'Sportivo, curato e di buona cultura, so ascoltare e mettere a proprio agio.',
  'Amo il cinema, la cucina e i viaggi; sono un ottimo compagno di conversazione.',
  'Riservato, gentile e sempre puntuale.',
];
const PERSONALITY_COPPIA = [
  'Siamo una coppia reale, sorridente e molto complice.',
  'Amiamo la buona compagnia, il vino e le serate senza fretta.',
  'Cerchiamo persone educate e curate con cui condividere momenti piacevoli.',
];
const MASSAGE_LINES = [
  'Propongo massaggi rilassanti, decontratturanti e tantrici in un ambiente caldo e profumato.',
  'Oli essenziali, musica soft e lettino professionale: un vero rituale di benessere.',
  'Ogni trattamento è personalizzato: dimmi come ti senti e penserò io al resto.',
];
const CLOSING = [
  'Solo su appuntamento, massima discrezione.',
  'Rispondo solo a numeri visibili, niente SMS.',
  'Scrivimi per conoscerci meglio, ti aspetto!',
  'Igiene e rispetto reciproco prima di tutto.',
  'Preavviso di almeno 30 minuti, grazie.',
  'Parlo italiano e inglese.',
];
const CLOSING_COPPIA = ['Scriveteci per conoscerci, rispondiamo a tutti.', 'Massima serietà e discrezione, anche da parte vostra.'];

const MASSAGE_SERVICES = ['massaggio-professionale', 'massaggio-tantrico', 'massaggio-sensuale-con-corpo', 'massaggio-prostatico', 'masturbazione-con-mano'];
const GENERAL_SERVICES = VALUE_LISTS.offered_services.filter((s) => !['due-ragazze', 'altro'].includes(s));

function buildAttrs(r: Rand, p: Persona): Record<ArrayAttribute, string[]> {
  const single = p.category !== 'coppie';
  const hairW: [string, number][] =
    p.ethnicity === 'asiatica' || p.ethnicity === 'africana' || p.ethnicity === 'indiana' || p.ethnicity === 'araba'
      ? [['nera', 6], ['mora', 3], ['castana', 1]]
      : [['castana', 5], ['mora', 4], ['bionda', 4], ['nera', 2], ['rossa', 1], ['colorata', 1]];
  const eyesW: [string, number][] =
    p.ethnicity === 'europea'
      ? [['azzurri', 4], ['verdi', 3], ['castani', 4], ['grigi', 1], ['nocciola', 2]]
      : [['castani', 5], ['neri', 3], ['nocciola', 3], ['verdi', 1]];
  const bodyW: [string, number][] =
    p.category === 'uomini' ? [['atletica', 5], ['snella', 2], ['normale', 2]] : [['snella', 5], ['magra', 2], ['atletica', 2], ['normale', 2], ['formosa', 2], ['curvy', 2]];
  const n = single ? 1 : 2;
  const several = <T,>(f: () => T) => [...new Set(Array.from({ length: n }, f))];

  const meeting =
    p.category === 'massaggi'
      ? ['relax', 'massaggio']
      : pickSome(r, ['cena', 'aperitivo', 'relax', 'viaggio', 'altro'], 2, 3);
  const availability = pickSome(r, VALUE_LISTS.availability_for, 2, 4);
  const locations = pickSome(r, p.category === 'massaggi' ? ['mio-domicilio', 'tuo-domicilio', 'hotel'] : ['mio-domicilio', 'tuo-domicilio', 'hotel', 'esterno'], 1, 3);
  let services: string[];
  if (p.category === 'massaggi') services = pickSome(r, MASSAGE_SERVICES, 2, 4);
  else if (p.category === 'coppie') services = ['due-ragazze', ...pickSome(r, GENERAL_SERVICES, 3, 6)];
  else if (p.category === 'uomini') services = pickSome(r, GENERAL_SERVICES.filter((s) => s !== 'venuta-su-seno'), 4, 7);
  else services = pickSome(r, GENERAL_SERVICES, 4, 8);
  const order = (xs: string[], list: readonly string[]) => list.filter((x) => xs.includes(x));

  return {
    ethnicity: [p.ethnicity],
    nationality: [p.nationality],
    breast_type: p.category === 'uomini' ? [] : [weighted(r, [['naturale', 3], ['rifatto', 1]])],
    hair_color: several(() => weighted(r, hairW)),
    body_type: several(() => weighted(r, bodyW)),
    eye_color: several(() => weighted(r, eyesW)),
    meeting_type: order(meeting, VALUE_LISTS.meeting_type),
    availability_for: availability,
    meeting_location: locations,
    offered_services: order(services, VALUE_LISTS.offered_services),
  };
}

function buildDescription(r: Rand, p: Persona, age: number, a: Record<ArrayAttribute, string[]>): string {
  const masc = p.category === 'uomini';
  const adj = nationalityAdj(p, masc);
  const parts: string[] = [];
  switch (p.category) {
    case 'donne':
      parts.push(
        pick(r, [
          `Ciao, sono ${p.name}, ${age} anni, ${adj}.`,
          `Mi chiamo ${p.name}, ho ${age} anni e vivo a ${p.city} da qualche anno.`,
          `Sono ${p.name}, ${adj}, ${age} anni di dolcezza e simpatia.`,
        ]),
        pick(r, PERSONALITY_F),
      );
      break;
    case 'trans':
      parts.push(`Sono ${p.name}, trans ${adj} di ${age} anni, femminile e raffinata.`, pick(r, PERSONALITY_F));
      break;
    case 'uomini':
      parts.push(`Sono ${p.name}, ${age} anni, ${adj}: un accompagnatore educato e discreto per signore e coppie.`, pick(r, PERSONALITY_M));
      break;
    case 'coppie':
      parts.push(`Siamo ${p.name}, coppia ${adj} (lei ${age} anni, lui ${age + int(r, 1, 6)}).`, pick(r, PERSONALITY_COPPIA));
      break;
    case 'massaggi':
      parts.push(`Sono ${p.name}, massaggiatrice ${adj} con anni di esperienza.`, pick(r, MASSAGE_LINES));
      break;
  }
  if (p.category !== 'massaggi' && p.category !== 'coppie') {
    parts.push(`Capelli ${joinIt(a.hair_color.map((h) => HAIR[h]!))}, occhi ${joinIt(a.eye_color)} e fisico ${joinIt(a.body_type.map((b) => BODY_F[b]!))}.`);
  }
  const where: string[] = [];
  if (a.meeting_location.includes('mio-domicilio')) where.push(`ricevo in un ambiente riservato e climatizzato in zona ${p.zone}`);
  if (a.meeting_location.includes('tuo-domicilio')) where.push('raggiungo a domicilio');
  if (a.meeting_location.includes('hotel')) where.push('vengo volentieri in hotel');
  if (a.meeting_location.includes('esterno')) where.push('accompagno a cene ed eventi');
  if (a.meeting_location.includes('online')) where.push('sono disponibile anche in videochiamata');
  if (where.length) {
    const s = joinIt(where);
    const line = p.category === 'coppie' ? s.replace('ricevo', 'riceviamo').replace('raggiungo', 'raggiungiamo').replace('vengo', 'veniamo').replace('accompagno', 'accompagniamo').replace('sono disponibile', 'siamo disponibili') : s;
    parts.push(`${line.charAt(0).toUpperCase()}${line.slice(1)}.`);
  }
  const occasions = a.meeting_type.filter((m) => m !== 'massaggio' || p.category === 'massaggi').map((m) => MEETING[m]!);
  if (occasions.length && p.category !== 'massaggi') parts.push(`${p.category === 'coppie' ? 'Perfetti' : masc ? 'Perfetto' : 'Perfetta'} per ${joinIt(occasions)}.`);
  parts.push(`Disponibil${p.category === 'coppie' ? 'i' : 'e'} ${joinIt(a.availability_for.map((x) => AVAILABILITY[x]!))}.`);
  parts.push(pick(r, p.category === 'coppie' ? CLOSING_COPPIA : CLOSING));
  return parts.join(' ');
}

export function slugify(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function rateFor(r: Rand, c: Category): number {
  const [min, max] = { donne: [10, 30], uomini: [8, 20], trans: [10, 25], coppie: [20, 40], massaggi: [6, 12] }[c] as [number, number];
  return int(r, min, max) * 10;
}

function ageFor(r: Rand, p: Persona, n: number): number {
  if (n === 37) return 19; // one very young adult (still >= 18)
  if (n === 42) return 54; // a mature massage therapist
  if (n === 58) return 61; // a silver-haired gentleman
  if (p.category === 'coppie') return int(r, 28, 42);
  return weighted(r, [[int(r, 21, 29), 5], [int(r, 30, 38), 4], [int(r, 39, 45), 2]]);
}

/** Fix-up so that every slug of every value list is used by at least one listing. */
function ensureCoverage(listings: SeedListing[]): void {
  for (const attr of ARRAY_ATTRIBUTES) {
    for (const value of VALUE_LISTS[attr]) {
      if (listings.some((l) => l.attrs[attr].includes(value))) continue;
      const counts = new Map<string, number>();
      for (const l of listings) for (const v of l.attrs[attr]) counts.set(v, (counts.get(v) ?? 0) + 1);
      const candidates = listings.filter((l) =>
        attr === 'breast_type' ? l.category !== 'uomini' : attr === 'offered_services' && value === 'due-ragazze' ? l.category === 'coppie' : true,
      );
      const multi = ['meeting_type', 'availability_for', 'meeting_location', 'offered_services'].includes(attr);
      if (multi) {
        // add it to the listing of that kind with the fewest values (first in order on ties)
        const target = [...candidates].sort((a, b) => a.attrs[attr].length - b.attrs[attr].length || a.n - b.n)[0]!;
        target.attrs[attr] = VALUE_LISTS[attr].filter((v) => v === value || target.attrs[attr].includes(v));
      } else {
        // replace the most common value on one single-person listing
        const common = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
        const target = candidates.find((l) => l.category !== 'coppie' && l.attrs[attr].length === 1 && l.attrs[attr][0] === common && (counts.get(common) ?? 0) > 1)!;
        target.attrs[attr] = [value];
      }
    }
  }
}

function buildListings(): SeedListing[] {
  const extras = USERS.filter((u) => u.note === 'Inserzionista demo' && u.key !== 'studio.benessere');
  let extraTurn = 0;
  const listings: SeedListing[] = PERSONAS.map((p, i) => {
    const n = i + 1;
    const r = prng(20261122 + n * 7919);
    const ownerKey = p.owner ?? (p.category === 'massaggi' ? 'studio.benessere' : extras[extraTurn++ % extras.length]!.key);
    const owner = userByKey(ownerKey);
    const age = ageFor(r, p, n);
    const attrs = buildAttrs(r, p);
    const adj = nationalityAdj(p, p.category === 'uomini');
    const title = pick(r, TITLES[p.category])(p, adj);
    const state = p.state ?? 'active';

    let createdAt: number;
    let promotion: { mode: 'day' | 'night'; start: number; end: number; bought: number; days: number } | null = null;
    let pausedAt: number | null = null;
    let lastBumpedAt: number;
    const days = pick(r, [3, 7, 14]);
    switch (state) {
      case 'expired':
        createdAt = -int(r, 33, 55) * DAY - int(r, 0, 23) * HOUR;
        break;
      case 'premium_day':
      case 'premium_night': {
        const mode = state === 'premium_day' ? 'day' : 'night';
        const start = -int(r, 4, days * 24 - 12) * HOUR;
        createdAt = start - int(r, 1, 6) * DAY - int(r, 0, 23) * HOUR;
        promotion = { mode, start, end: start + days * DAY, bought: start, days };
        break;
      }
      case 'pending': {
        const start = int(r, 14, 60) * HOUR;
        createdAt = -int(r, 2, 12) * DAY - int(r, 0, 23) * HOUR;
        promotion = { mode: n % 2 === 0 ? 'day' : 'night', start, end: start + days * DAY, bought: -int(r, 1, 20) * HOUR, days };
        break;
      }
      case 'paused':
      case 'paused_premium': {
        createdAt = -int(r, 10, 20) * DAY - int(r, 0, 23) * HOUR;
        pausedAt = -int(r, 1, 5) * DAY - int(r, 0, 23) * HOUR;
        if (state === 'paused_premium') {
          const start = pausedAt - 2 * DAY;
          promotion = { mode: 'night', start, end: start + 7 * DAY, bought: start, days: 7 };
        }
        break;
      }
      default:
        createdAt = -int(r, 1, 26) * DAY - int(r, 0, 23) * HOUR - int(r, 0, 59);
    }
    if (ownerKey === 'bannato') {
      // admin_set_banned froze every listing of the banned user (freeze_listing)
      if (state !== 'expired') createdAt = -18 * DAY - 5 * HOUR;
      pausedAt = BAN_AT;
    }
    if (n === 59) createdAt = -29 * DAY - 10 * HOUR; // expires within a day: 'listing_expiring'
    const expiresAt = createdAt + LISTING_DAYS * DAY;
    if (promotion?.mode === 'night' && state === 'premium_night') lastBumpedAt = -int(r, 30, 9 * 60);
    else if (promotion && promotion.start <= 0) lastBumpedAt = promotion.start;
    else lastBumpedAt = createdAt;
    if (pausedAt !== null) lastBumpedAt = Math.min(lastBumpedAt, pausedAt);

    const isPremium = promotion !== null;
    return {
      n,
      id: listingId(n),
      userId: owner.id,
      ownerKey,
      title,
      slug: `${slugify(title)}-${slugify(p.city)}-${n.toString().padStart(2, '0')}`,
      category: p.category,
      city: p.city,
      zone: p.zone,
      age,
      description: buildDescription(r, p, age, attrs),
      hourlyRate: rateFor(r, p.category),
      attrs,
      state,
      createdAt,
      expiresAt,
      lastBumpedAt,
      isPremium,
      promotionMode: promotion?.mode ?? null,
      promotionStartAt: promotion?.start ?? null,
      promotionEndAt: promotion?.end ?? null,
      promotionBoughtAt: promotion?.bought ?? null,
      promotionDays: promotion?.days ?? null,
      isPaused: pausedAt !== null,
      pausedAt,
      remainingExpiresMinutes: pausedAt !== null ? Math.max(0, expiresAt - pausedAt) : null,
      remainingPromotionMinutes: pausedAt !== null && promotion ? promotion.end - pausedAt : null,
      photoCount: isPremium ? 5 : 1 + Math.floor(r() * 3),
    } satisfies SeedListing;
  });
  // a couple of listings also available online (video calls)
  for (const n of [7, 33]) {
    const l = listings[n - 1]!;
    l.attrs.meeting_location = VALUE_LISTS.meeting_location.filter((v) => v === 'online' || l.attrs.meeting_location.includes(v));
    if (!l.description.includes('videochiamata')) l.description = l.description.replace(/( Disponibil)/, ' Disponibile anche in videochiamata.$1');
  }
  ensureCoverage(listings);
  return listings;
}

export const LISTINGS: SeedListing[] = buildListings();

// ---------------------------------------------------------------------------------------
// Listings waiting in 'Da approvare' (issue 26): one of each kind, never public

export type HoldReason = 'new_advertiser' | 'duplicate_photo' | 'screened_term';
export interface HeldListing extends SeedListing {
  holdReason: HoldReason;
  /** duplicate_photo: its first photo is a resized copy of this listing's photo (another account's) */
  copyOf?: { listingId: string; index: number };
}

// A new advertiser: no approved listing yet, so her first one waits for staff.
USERS.push({
  key: 'nuova', id: userId(30), email: `nuova@${DEMO_DOMAIN}`, password: EXTRA_PASSWORD, role: 'user',
  displayName: 'Elena R.', phone: '+393401234030', referralCode: 'NUOVA30',
  createdAt: -1 * DAY, lastSignInAt: -5 * HOUR, note: "Nuova inserzionista: il primo annuncio attende l'approvazione (Da approvare)",
});

/** giulia@'s day-promoted listing whose first photo the duplicate copies (no e2e changes its photos). */
export const DUPLICATED_LISTING: SeedListing = LISTINGS.find((l) => l.ownerKey === 'giulia' && l.state === 'premium_day')!;

function heldListing(n: number, ownerKey: string, holdReason: HoldReason, base: SeedListing, text: { title: string; description: string }, createdAt: number,
  photoCount: number, copyOf?: HeldListing['copyOf']): HeldListing {
  return {
    ...base, attrs: structuredClone(base.attrs), n, id: listingId(n), userId: userByKey(ownerKey).id, ownerKey, ...text,
    slug: `${slugify(text.title)}-${slugify(base.city)}-${n}`, state: 'active', createdAt, expiresAt: createdAt + LISTING_DAYS * DAY,
    lastBumpedAt: createdAt, isPremium: false, promotionMode: null, promotionStartAt: null, promotionEndAt: null, promotionBoughtAt: null,
    promotionDays: null, isPaused: false, pausedAt: null, remainingExpiresMinutes: null, remainingPromotionMinutes: null, photoCount, holdReason, copyOf,
  };
}

const donne = LISTINGS.filter((l) => l.category === 'donne' && l.state === 'active' && l.ownerKey !== 'giulia');
export const HELD_LISTINGS: HeldListing[] = [
  heldListing(61, 'nuova', 'new_advertiser', donne[0]!, {
    title: 'Elena, dolce e raffinata, nuova sul sito',
    description: 'Ciao, sono Elena: solare, elegante e molto discreta. Ricevo su appuntamento in un ambiente pulito e riservato. Scrivimi per conoscerci.',
  }, -5 * HOUR, 2),
  heldListing(62, 'sara', 'duplicate_photo', donne[1]!, {
    title: 'Ragazza solare e riservata',
    description: 'Simpatica e sorridente, amo le serate tranquille e la buona compagnia. Ricevo e mi sposto, sempre con discrezione.',
  }, -9 * HOUR, 2, { listingId: DUPLICATED_LISTING.id, index: 0 }),
  heldListing(63, 'nadia', 'screened_term', donne[2]!, {
    title: 'Ragazza dolce appena arrivata',
    description: 'Appena arrivata in città, senza documenti, cerco compagnia gentile. Disponibile tutti i giorni, scrivimi.',
  }, -14 * HOUR, 1),
];
/** Every seeded listing, public ones first, then those waiting for review. */
export const ALL_LISTINGS: SeedListing[] = [...LISTINGS, ...HELD_LISTINGS];

// ---------------------------------------------------------------------------------------
// Credits

export type TransactionType = 'purchase' | 'listing_creation' | 'premium_upgrade' | 'coupon_credit_add' | 'referral_bonus' | 'admin_adjustment';

export interface SeedTransaction {
  id: string;
  userId: string;
  type: TransactionType;
  amount: number;
  packageName: string | null;
  description: string;
  listingId: string | null;
  at: number;
}

export interface SeedPayment {
  id: string;
  userId: string;
  packageName: PackageName;
  credits: number;
  amountCents: number;
  couponId: string | null;
  reference: string;
  at: number;
}

// ---------------------------------------------------------------------------------------
// Coupons

export type CouponStatus = 'active' | 'used' | 'expired' | 'inactive' | 'maxed_out' | 'not_applicable';
export const COUPON_STATUSES: CouponStatus[] = ['active', 'used', 'expired', 'inactive', 'maxed_out', 'not_applicable'];

export interface SeedCoupon {
  id: string;
  code: string;
  type: 'single_use' | 'reusable';
  discountType: 'credits' | 'percentage' | 'flat_amount';
  discountValue: number;
  expiresAt: number | null;
  appliesTo: string | null;
  createdAt: number;
  isActive: boolean;
  maxUses: number | null;
  /** uses by the demo accounts are added to this (by people outside the demo) */
  otherUses: number;
  description: string;
}

const G = userId(3);
const M = userId(4);
const coupon = (
  n: number, code: string, type: SeedCoupon['type'], discountType: SeedCoupon['discountType'], discountValue: number,
  o: Partial<Pick<SeedCoupon, 'expiresAt' | 'appliesTo' | 'isActive' | 'maxUses' | 'otherUses'>> & { createdAt: number; description: string },
): SeedCoupon => ({
  id: couponId(n), code, type, discountType, discountValue,
  expiresAt: o.expiresAt ?? null, appliesTo: o.appliesTo ?? null, createdAt: o.createdAt, isActive: o.isActive ?? true,
  maxUses: o.maxUses ?? null, otherUses: o.otherUses ?? 0, description: o.description,
});

export const COUPONS: SeedCoupon[] = [
  coupon(1, 'ESTATE30', 'reusable', 'percentage', 30, { expiresAt: 20 * DAY, createdAt: -15 * DAY, otherUses: 17, description: '30% sul prossimo acquisto o promozione' }),
  coupon(2, 'CREDITI25', 'single_use', 'credits', 25, { createdAt: -9 * DAY, otherUses: 4, description: '25 crediti in regalo' }),
  coupon(3, 'SCONTO5', 'reusable', 'flat_amount', 5, { expiresAt: 60 * DAY, createdAt: -30 * DAY, maxUses: 50, otherUses: 11, description: '5 € di sconto' }),
  coupon(4, 'GIULIA15', 'single_use', 'credits', 15, { expiresAt: 10 * DAY, appliesTo: G, createdAt: -2 * DAY, description: 'Regalo personale per Giulia' }),
  coupon(5, 'BENVENUTO10', 'single_use', 'credits', 10, { createdAt: -100 * DAY, otherUses: 36, description: 'Benvenuto: 10 crediti' }),
  coupon(6, 'PRIMAVERA15', 'single_use', 'percentage', 15, { expiresAt: 45 * DAY, createdAt: -35 * DAY, otherUses: 8, description: 'Primavera: 15% di sconto' }),
  coupon(7, 'AUTUNNO20', 'reusable', 'percentage', 20, { expiresAt: -12 * DAY, createdAt: -70 * DAY, otherUses: 40, description: 'Autunno: 20% di sconto' }),
  coupon(8, 'BLACKFRIDAY', 'single_use', 'flat_amount', 10, { expiresAt: -3 * DAY, createdAt: -20 * DAY, otherUses: 23, description: 'Black Friday: 10 € di sconto' }),
  coupon(9, 'PROMO50', 'reusable', 'percentage', 50, { expiresAt: 30 * DAY, createdAt: -25 * DAY, isActive: false, maxUses: 20, otherUses: 5, description: 'Promozione sospesa' }),
  coupon(10, 'FLASH100', 'reusable', 'flat_amount', 3, { expiresAt: 5 * DAY, createdAt: -6 * DAY, maxUses: 100, otherUses: 99, description: 'Offerta lampo per i primi 100' }),
  coupon(11, 'MARCOVIP', 'single_use', 'credits', 30, { expiresAt: 15 * DAY, appliesTo: M, createdAt: -20 * DAY, description: 'Regalo personale per Marco' }),
  coupon(12, 'VIPCLUB25', 'reusable', 'percentage', 25, { expiresAt: 40 * DAY, appliesTo: M, createdAt: -30 * DAY, description: 'Club VIP, ora riservato a Marco' }),
  coupon(13, 'BONUS20', 'reusable', 'credits', 20, { expiresAt: 90 * DAY, createdAt: -4 * DAY, maxUses: 200, otherUses: 57, description: '20 crediti bonus' }),
];
export const couponByCode = (code: string): SeedCoupon => COUPONS.find((c) => c.code === code)!;

export interface SeedUserCoupon {
  id: string;
  userId: string;
  couponId: string;
  appliedAt: number;
  consumedAt: number | null;
}
export interface SeedUsedCoupon {
  userId: string;
  couponId: string;
  usedAt: number;
}

// ---------------------------------------------------------------------------------------
// Tickets

export type TicketStatus = 'open' | 'in_progress' | 'resolved' | 'closed';
export const TICKET_STATUSES: TicketStatus[] = ['open', 'in_progress', 'resolved', 'closed'];
export type AuthorRole = 'user' | 'admin' | 'supporto';

export interface SeedTicketMessage {
  id: string;
  authorId: string;
  authorRole: AuthorRole;
  body: string;
  at: number;
}
export interface SeedTicket {
  id: string;
  subject: string;
  status: TicketStatus;
  userId: string | null;
  reporterEmail: string;
  listingId: string | null;
  messages: SeedTicketMessage[];
  createdAt: number;
  updatedAt: number;
  lastRepliedBy: AuthorRole;
}

let messageSeq = 0;
function ticket(
  n: number,
  subject: string,
  status: TicketStatus,
  userKey: string,
  listingN: number | null,
  thread: [authorKey: string, body: string, at: number][],
): SeedTicket {
  const messages = thread.map(([authorKey, body, at]): SeedTicketMessage => {
    const author = userByKey(authorKey);
    const authorRole: AuthorRole = author.role === 'admin' ? 'admin' : author.role === 'supporto' ? 'supporto' : 'user';
    return { id: ticketMessageId(++messageSeq), authorId: author.id, authorRole, body, at };
  });
  const last = messages[messages.length - 1]!;
  return {
    id: ticketId(n), subject, status, userId: userByKey(userKey).id, listingId: listingN ? listingId(listingN) : null,
    reporterEmail: userByKey(userKey).email, messages, createdAt: messages[0]!.at,
    updatedAt: status === 'closed' || status === 'resolved' ? last.at + 30 : last.at,
    lastRepliedBy: last.authorRole,
  };
}

export const TICKETS: SeedTicket[] = [
  ticket(1, 'Problema con il caricamento delle foto', 'open', 'giulia', 37, [
    ['giulia', "Buongiorno, provo a caricare una nuova foto per l'annuncio di Venezia ma il ritaglio non si salva. Potete aiutarmi?", -3 * HOUR],
  ]),
  ticket(2, "Crediti non accreditati dopo l'acquisto", 'in_progress', 'giulia', null, [
    ['giulia', 'Ho acquistato il pacchetto Starter ma per qualche minuto non vedevo i crediti nel portafoglio. Potete verificare?', -40 * HOUR],
    ['supporto', 'Ciao Giulia, grazie per la segnalazione. Stiamo verificando il pagamento con il provider, ti aggiorniamo a breve.', -36 * HOUR],
    ['giulia', 'Grazie! Ora i crediti risultano, ma vorrei capire cosa è successo.', -30 * HOUR],
    ['supporto', 'Il pagamento era in attesa di conferma dalla banca. Ti abbiamo accreditato 5 crediti di cortesia per il disagio.', -2 * HOUR],
  ]),
  ticket(3, 'Come funziona la promozione notte?', 'resolved', 'giulia', 9, [
    ['giulia', 'Vorrei promuovere il mio annuncio di Roma solo di sera: qual è la differenza tra promozione giorno e notte?', -6 * DAY],
    ['admin', 'Ciao! La promozione Giorno dà un rilancio immediato e la posizione in evidenza; la Notte prevede 5 rilanci tra le 21:00 e le 05:00. Puoi anche programmarla per iniziare più tardi.', -6 * DAY + 3 * HOUR],
    ['giulia', "Perfetto, la programmerò per i prossimi giorni. Grazie mille!", -5 * DAY],
    ['admin', 'Ottimo, buona giornata!', -5 * DAY + 1 * HOUR],
  ]),
  ticket(4, "Richiesta modifica dell'indirizzo email", 'closed', 'giulia', null, [
    ['giulia', "Salve, vorrei sapere se è possibile cambiare l'email del mio account senza perdere i crediti.", -20 * DAY],
    ['supporto', "Certo: dalla pagina Impostazioni puoi cambiare l'email, i crediti restano sul tuo account. Riceverai un link di conferma.", -19 * DAY],
  ]),
  ticket(5, 'Segnalazione annuncio sospetto a Bari', 'resolved', 'marco', 48, [
    ['marco', "L'annuncio di Antonio a Bari usa foto prese da internet e il numero non risponde mai. Vi chiedo di controllare.", -7 * DAY - 3 * HOUR],
    ['admin', "Grazie per la segnalazione, Marco. Abbiamo verificato: l'account dell'inserzionista è stato sospeso.", BAN_AT + 30],
  ]),
  ticket(6, 'Coupon MARCOVIP non funziona', 'resolved', 'marco', null, [
    ['marco', 'Ho ricevuto il codice MARCOVIP ma mi dice che non è valido, potete controllare?', -4 * DAY],
    ['supporto', 'Ciao Marco, il codice era stato attivato con qualche ora di ritardo. Ora dovrebbe funzionare, riprova pure.', -4 * DAY + 5 * HOUR],
    ['marco', 'Funziona, ho ricevuto i 30 crediti. Grazie!', -3 * DAY + 10],
    ['supporto', 'Perfetto, buona giornata!', -3 * DAY + 2 * HOUR],
  ]),
  ticket(7, 'Contestazione della segnalazione sul mio annuncio', 'closed', 'bannato', 48, [
    ['bannato', 'Il mio annuncio di Bari è stato segnalato ma le foto sono mie. Potete ricontrollare?', -7 * DAY],
    ['admin', "Dopo le verifiche le foto risultano non autentiche: l'account è stato sospeso per violazione dei Termini. La decisione è definitiva.", BAN_AT + 60],
  ]),
  ticket(8, "Rinnovo dell'annuncio in pausa", 'in_progress', 'simona', 57, [
    ['simona', "Ho messo in pausa un annuncio per le vacanze: quando lo riattivo, i giorni rimanenti vengono conservati?", -2 * DAY],
    ['admin', "Sì, mettendo in pausa congeli sia la scadenza sia l'eventuale promozione: alla ripresa ritrovi i giorni rimanenti.", -1 * DAY],
    ['simona', 'Perfetto, e per la promozione vale lo stesso anche se era programmata?', -20 * HOUR],
  ]),
  ticket(9, 'Domanda sul bonus referral', 'open', 'marco', null, [
    ['marco', 'Ho invitato un amico con il mio codice referral: quando riceverò i crediti del bonus?', -5 * HOUR],
  ]),
];

// ---------------------------------------------------------------------------------------
// Reports

export interface SeedReport {
  id: string;
  listingN: number;
  reporterKey: string;
  reason: 'spam' | 'truffa' | 'minorenne' | 'contenuto-inappropriato' | 'foto-false' | 'altro';
  details: string;
  status: 'open' | 'reviewed' | 'dismissed';
  at: number;
  reviewedAt: number | null;
  reviewedBy: string | null;
}

export const REPORTS: SeedReport[] = [
  { id: reportId(1), listingN: 48, reporterKey: 'giulia', reason: 'foto-false', details: 'Le foto sembrano prese da un sito di stock.', status: 'reviewed', at: -8 * DAY, reviewedAt: BAN_AT, reviewedBy: userId(1) },
  { id: reportId(2), listingN: 48, reporterKey: 'marco', reason: 'truffa', details: 'Chiede un anticipo con ricarica prima di incontrarsi.', status: 'reviewed', at: -7 * DAY - 4 * HOUR, reviewedAt: BAN_AT, reviewedBy: userId(1) },
  { id: reportId(3), listingN: 11, reporterKey: 'marco', reason: 'altro', details: 'Numero di telefono non raggiungibile.', status: 'dismissed', at: -12 * DAY, reviewedAt: -11 * DAY, reviewedBy: userId(2) },
  { id: reportId(4), listingN: 20, reporterKey: 'giulia', reason: 'spam', details: 'Lo stesso testo è pubblicato più volte in città diverse.', status: 'open', at: -30 * HOUR, reviewedAt: null, reviewedBy: null },
  { id: reportId(5), listingN: 56, reporterKey: 'marco', reason: 'contenuto-inappropriato', details: 'La descrizione contiene un numero di telefono diverso da quello del profilo.', status: 'open', at: -9 * HOUR, reviewedAt: null, reviewedBy: null },
];

// ---------------------------------------------------------------------------------------
// Notifications

export interface SeedNotification {
  id: string;
  userId: string | null;
  type: string;
  entityId: string | null;
  message: string;
  isRead: boolean;
  at: number;
}

// ---------------------------------------------------------------------------------------
// Derived sets: the credit ledger (consistent with listings, purchases and coupons), the
// coupon uses and the notification bell (same texts as the migrations' triggers).

interface Derived {
  transactions: SeedTransaction[];
  payments: SeedPayment[];
  userCoupons: SeedUserCoupon[];
  usedCoupons: SeedUsedCoupon[];
  notifications: SeedNotification[];
}

function derive(): Derived {
  const transactions: SeedTransaction[] = [];
  const payments: SeedPayment[] = [];
  const userCoupons: SeedUserCoupon[] = [];
  const usedCoupons: SeedUsedCoupon[] = [];
  let txSeq = 0;
  let paySeq = 0;
  let ucSeq = 0;

  const tx = (uid: string, type: TransactionType, amount: number, at: number, description: string, extra: { packageName?: string; listingId?: string } = {}) => {
    transactions.push({ id: transactionId(++txSeq), userId: uid, type, amount, packageName: extra.packageName ?? null, description, listingId: extra.listingId ?? null, at });
  };
  /** apply_coupon: a use (used_coupons) and an applied row; credit coupons are consumed at once. */
  const redeem = (uid: string, code: string, at: number, consumedAt: number | null) => {
    const c = couponByCode(code);
    usedCoupons.push({ userId: uid, couponId: c.id, usedAt: at });
    userCoupons.push({ id: uuid('c1000000', ++ucSeq), userId: uid, couponId: c.id, appliedAt: at, consumedAt: c.discountType === 'credits' ? at : consumedAt });
    if (c.discountType === 'credits') tx(uid, 'coupon_credit_add', c.discountValue, at, `Coupon ${c.code}`);
  };
  /** fulfil_credit_purchase: payment + purchase credits (+ referral bonus on the first purchase). */
  const purchase = (uid: string, pkgName: PackageName, at: number, discountCode?: string) => {
    const pkg = CREDIT_PACKAGES.find((p) => p.name === pkgName)!;
    const c = discountCode ? couponByCode(discountCode) : undefined;
    let cents: number = pkg.priceCents;
    if (c?.discountType === 'percentage') cents -= Math.round((cents * c.discountValue) / 100);
    if (c?.discountType === 'flat_amount') cents = Math.max(0, cents - c.discountValue * 100);
    const first = !payments.some((p) => p.userId === uid);
    const n = ++paySeq;
    payments.push({ id: paymentId(n), userId: uid, packageName: pkg.name, credits: pkg.credits, amountCents: cents, couponId: c?.id ?? null, reference: `demo_pay_${n.toString().padStart(4, '0')}`, at });
    tx(uid, 'purchase', pkg.credits, at, `Acquisto pacchetto ${pkg.name}`, { packageName: pkg.name });
    const referrer = USERS.find((u) => u.id === uid)?.referredBy;
    if (first && referrer) tx(userByKey(referrer).id, 'referral_bonus', 20, at, 'Bonus per il primo acquisto di un utente invitato');
  };
  /** create_listing + promote_listing for one listing, optionally with a pending discount coupon. */
  const listingEvents = (l: SeedListing, discountCode?: string) => {
    const events: { at: number; run: () => void }[] = [
      { at: l.createdAt, run: () => tx(l.userId, 'listing_creation', -LISTING_COST, l.createdAt, `Pubblicazione annuncio: ${l.title}`, { listingId: l.id }) },
    ];
    if (l.promotionMode && l.promotionDays && l.promotionBoughtAt !== null) {
      const mode = l.promotionMode;
      const days = l.promotionDays;
      const at = l.promotionBoughtAt - 5;
      const price = PROMOTION_COST_PER_DAY[mode] * days;
      const c = discountCode ? couponByCode(discountCode) : undefined;
      const discount = !c ? 0 : Math.min(price, c.discountType === 'percentage' ? Math.round((price * c.discountValue) / 100) : Math.round(c.discountValue));
      const label = `Promozione ${mode === 'day' ? 'Giorno' : 'Notte'} ${days} ${days === 1 ? 'giorno' : 'giorni'}${discount > 0 ? ` (coupon ${c!.code}: -${discount})` : ''}`;
      events.push({ at, run: () => tx(l.userId, 'premium_upgrade', -(price - discount), at, label, { listingId: l.id }) });
    }
    return events;
  };
  const runInOrder = (events: { at: number; run: () => void }[]) => events.sort((a, b) => a.at - b.at).forEach((e) => e.run());

  // --- giulia: a rich, hand-written history (more than one page of 10 rows)
  const gl = LISTINGS.filter((l) => l.ownerKey === 'giulia');
  const firstG = Math.min(...gl.map((l) => l.createdAt));
  const l1 = LISTINGS[0]!; // premium day, discounted with PROMO50 before it was switched off
  const l22 = LISTINGS[21]!; // paused premium, discounted with VIPCLUB25 before it became Marco's
  const giulia: { at: number; run: () => void }[] = [
    { at: firstG - 3 * HOUR, run: () => redeem(G, 'BENVENUTO10', firstG - 3 * HOUR, null) },
    { at: firstG - 2.5 * HOUR, run: () => redeem(G, 'AUTUNNO20', firstG - 2.5 * HOUR, firstG - 2 * HOUR) },
    { at: firstG - 2 * HOUR, run: () => purchase(G, 'Standard', firstG - 2 * HOUR, 'AUTUNNO20') },
    { at: l22.promotionBoughtAt! - 60, run: () => redeem(G, 'VIPCLUB25', l22.promotionBoughtAt! - 60, l22.promotionBoughtAt! - 5) },
    { at: -13 * DAY, run: () => redeem(G, 'PRIMAVERA15', -13 * DAY, -12 * DAY) },
    { at: -12 * DAY, run: () => purchase(G, 'Pro', -12 * DAY, 'PRIMAVERA15') },
    { at: l1.promotionBoughtAt! - 90, run: () => redeem(G, 'PROMO50', l1.promotionBoughtAt! - 90, l1.promotionBoughtAt! - 5) },
    { at: -2 * DAY + 3 * HOUR, run: () => redeem(G, 'FLASH100', -2 * DAY + 3 * HOUR, -2 * DAY + 4 * HOUR) },
    { at: -2 * DAY + 4 * HOUR, run: () => purchase(G, 'Starter', -2 * DAY + 4 * HOUR, 'FLASH100') },
    { at: -2 * HOUR, run: () => tx(G, 'admin_adjustment', 5, -2 * HOUR, 'Accredito di cortesia per il ritardo del pagamento (ticket)') },
    // waiting for her next purchase or promotion
    { at: -3 * HOUR, run: () => redeem(G, 'ESTATE30', -3 * HOUR, null) },
  ];
  for (const l of gl) giulia.push(...listingEvents(l, l === l1 ? 'PROMO50' : l === l22 ? 'VIPCLUB25' : undefined));

  // --- marco: invited by giulia (her referral bonus comes with his first purchase)
  const marco: { at: number; run: () => void }[] = [
    { at: -38 * DAY, run: () => purchase(M, 'Standard', -38 * DAY) },
    { at: -3 * DAY, run: () => redeem(M, 'MARCOVIP', -3 * DAY, null) },
    { at: -1 * DAY, run: () => redeem(M, 'SCONTO5', -1 * DAY, null) },
  ];
  for (const l of LISTINGS.filter((x) => x.ownerKey === 'marco')) marco.push(...listingEvents(l));

  runInOrder([...giulia, ...marco]);

  // --- everyone else: enough purchases to pay for their listings, in time order
  for (const u of USERS) {
    if (['giulia', 'marco', 'admin', 'supporto'].includes(u.key)) continue;
    const events = ALL_LISTINGS.filter((l) => l.ownerKey === u.key).flatMap((l) => listingEvents(l)).sort((a, b) => a.at - b.at);
    let balance = 0;
    for (const e of events) {
      const before = transactions.length;
      e.run();
      const t = transactions.pop()!; // look at the spend, buy first when needed, then book it
      if (transactions.length !== before) throw new Error('unexpected ledger event');
      if (balance + t.amount < 0) {
        const need = -(balance + t.amount);
        const pkg = CREDIT_PACKAGES.find((p) => p.credits >= need + 20) ?? CREDIT_PACKAGES[CREDIT_PACKAGES.length - 1]!;
        purchase(u.id, pkg.name, t.at - 30);
        balance += pkg.credits;
      }
      transactions.push(t);
      balance += t.amount;
    }
  }
  transactions.sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
  // a readable, chronological id order
  const renumber = new Map(transactions.map((t, i) => [t.id, transactionId(i + 1)]));
  for (const t of transactions) t.id = renumber.get(t.id)!;
  payments.sort((a, b) => a.at - b.at);

  // --- the bell (user_id null = staff-wide), texts as the migrations' triggers write them
  const notifications: SeedNotification[] = [];
  let nSeq = 0;
  const note = (uid: string | null, type: string, entityId: string | null, message: string, isRead: boolean, at: number) =>
    notifications.push({ id: notificationId(++nSeq), userId: uid, type, entityId, message, isRead, at });
  for (const t of TICKETS) {
    note(null, 'new_ticket', t.id, `Nuovo ticket da ${t.reporterEmail}: ${t.subject}`, t.createdAt < -1 * DAY, t.createdAt);
    t.messages.slice(1).forEach((m, i, rest) => {
      const latest = i === rest.length - 1;
      if (m.authorRole === 'user') note(null, 'ticket_reply', t.id, `Nuova risposta dell'utente al ticket "${t.subject}".`, !latest || m.at < -1 * DAY, m.at);
      else if (t.userId) note(t.userId, 'ticket_reply', t.id, `Nuova risposta al tuo ticket "${t.subject}".`, !latest || m.at < -4 * DAY, m.at);
    });
    if (t.status === 'resolved' && t.userId) note(t.userId, 'ticket_resolved', t.id, `Il tuo ticket "${t.subject}" è stato risolto.`, t.updatedAt < -4 * DAY, t.updatedAt);
  }
  for (const r of REPORTS) {
    const l = LISTINGS[r.listingN - 1]!;
    // As private.notify_new_report writes it: the reason in Italian, as the report form shows it.
    const reason = (listingCopy.report.reasons as Record<string, string>)[r.reason] ?? listingCopy.report.reasons.altro;
    note(null, 'new_report', r.id, `Nuova segnalazione: ${reason}, annuncio "${l.title}".`, r.status !== 'open', r.at);
  }
  note(G, 'referral_bonus', M, 'Hai ricevuto 20 crediti di bonus referral!', true, -38 * DAY);
  // what the cron jobs (expire_listings, notify_expiring_listings) would have written; the
  // date is rendered by SQL in Europe/Rome so the jobs recognise them and do not repeat them
  for (const l of LISTINGS) {
    if (!l.isPaused && l.expiresAt <= 0) {
      note(l.userId, 'listing_expired', l.id, `Il tuo annuncio "${l.title}" è scaduto il {{date:${l.expiresAt}}}. Rinnovalo per renderlo di nuovo visibile.`, l.expiresAt < -2 * DAY, l.expiresAt + 7);
    } else if (!l.isPaused && l.expiresAt <= DAY) {
      note(l.userId, 'listing_expiring', l.id, `Il tuo annuncio "${l.title}" scade il {{date:${l.expiresAt}}}.`, false, l.expiresAt - DAY + 3);
    }
  }
  notifications.sort((a, b) => a.at - b.at);
  notifications.forEach((x, i) => (x.id = notificationId(i + 1)));

  return { transactions, payments, userCoupons, usedCoupons, notifications };
}

const derived = derive();
export const TRANSACTIONS = derived.transactions;
export const PAYMENTS = derived.payments;
export const USER_COUPONS = derived.userCoupons;
export const USED_COUPONS = derived.usedCoupons;
export const NOTIFICATIONS = derived.notifications;

/** usage_count as apply_coupon keeps it: other people's uses plus the demo accounts'. */
export function usageCount(c: SeedCoupon): number {
  return c.otherUses + USED_COUPONS.filter((u) => u.couponId === c.id).length;
}

/** Balance of a user = sum of their transactions. */
export function balanceOf(id: string): number {
  return TRANSACTIONS.filter((t) => t.userId === id).reduce((s, t) => s + t.amount, 0);
}

/** The coupon status derived for a user (the test's oracle; the app has its own). */
export function couponStatusFor(c: SeedCoupon, uid: string): CouponStatus {
  if (!c.isActive) return 'inactive';
  if (c.expiresAt !== null && c.expiresAt < 0) return 'expired';
  if (c.type === 'single_use' && USED_COUPONS.some((u) => u.userId === uid && u.couponId === c.id)) return 'used';
  if (c.type === 'reusable' && c.maxUses !== null && usageCount(c) >= c.maxUses) return 'maxed_out';
  if (c.appliesTo !== null && c.appliesTo !== uid) return 'not_applicable';
  return 'active';
}

/** What giulia@ sees in 'I Miei Coupon' (user_coupons with embedded coupons). */
export function giuliaCouponStatuses(): Record<string, CouponStatus> {
  return Object.fromEntries(
    USER_COUPONS.filter((u) => u.userId === G).map((u) => {
      const c = COUPONS.find((x) => x.id === u.couponId)!;
      return [c.code, couponStatusFor(c, G)];
    }),
  );
}

/** giulia's saved searches (Ricerche salvate): one with a daily digest, one without alerts. */
export const SAVED_SEARCHES = [
  { id: savedSearchId(1), userKey: 'giulia', name: 'Massaggi a Roma', filters: { p_category: 'massaggi', p_city: 'Roma' }, alert: 'daily', at: -3 * DAY },
  { id: savedSearchId(2), userKey: 'giulia', name: 'Trans a Torino, 25-40 anni', filters: { p_category: 'trans', p_city: 'Torino', p_age_min: 25, p_age_max: 40 }, alert: 'never', at: -9 * DAY },
] as const;

// ---------------------------------------------------------------------------------------
// Statistics (issue 43): 30 days of daily counts, so 'Statistiche' shows what it is for

export interface SeedStatsDay {
  listingId: string;
  /** days before the day the seed is loaded (1 = yesterday, Italian days); today starts at zero */
  daysAgo: number;
  views: number;
  calls: number;
  whatsapp: number;
  favourites: number;
  impressions: number;
  promoted: boolean;
}

/** How many past days the demo's statistics cover: the screen's 30-day window (today counts live). */
export const STATS_DAYS = 29;

/**
 * Plausible counts for each public listing on each past day it was online (created, not yet
 * expired, not paused): a listing of its own popularity, more at the weekend-like peaks the
 * PRNG gives, about 2.5 times more on the days a promotion ran, which are marked promoted.
 * Seeded per listing: the same numbers at every generation.
 */
function buildStats(): SeedStatsDay[] {
  const rows: SeedStatsDay[] = [];
  for (const l of LISTINGS) {
    const r = prng(0x57a7 + l.n);
    const popularity = 6 + r() * 22;
    for (let k = STATS_DAYS; k >= 1; k--) {
      const at = -k * DAY;
      const online = l.createdAt <= at - HOUR * 12 && l.expiresAt > at + HOUR * 12 && (l.pausedAt === null || l.pausedAt > at + HOUR * 12);
      const promoted = l.promotionStartAt !== null && l.promotionEndAt !== null && l.promotionStartAt < at + HOUR * 12 && l.promotionEndAt > at - HOUR * 12;
      // Draw every day's numbers whether or not it is kept: a listing's days never shift each other.
      const mood = 0.6 + r() * 0.8;
      const [c, w, f, i] = [r(), r(), r(), r()];
      if (!online) continue;
      const views = Math.round(popularity * mood * (promoted ? 2.5 : 1));
      rows.push({
        listingId: l.id,
        daysAgo: k,
        views,
        calls: Math.round(views * (0.02 + c * 0.08)),
        whatsapp: Math.round(views * (0.05 + w * 0.12)),
        favourites: Math.round(views * (0.01 + f * 0.06)),
        impressions: Math.round(views * (3 + i * 4)),
        promoted,
      });
    }
  }
  return rows;
}

export const STATS: SeedStatsDay[] = buildStats();
