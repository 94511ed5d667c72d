/**
 * The listing value lists (slugs) of DESIGN.md, as the demo data uses them.
 * The seed test checks that every slug appears in at least one demo listing.
 */
export const VALUE_LISTS = {
  category: ['donne', 'uomini', 'trans', 'coppie', 'massaggi'],
  ethnicity: ['europea', 'latina', 'asiatica', 'africana', 'araba', 'indiana', 'mediterranea', 'mista'],
  nationality: [
    'italiana', 'albanese', 'brasiliana', 'cinese', 'colombiana', 'cubana', 'francese', 'moldava',
    'polacca', 'romena', 'russa', 'spagnola', 'ucraina', 'venezuelana', 'altra',
  ],
  breast_type: ['naturale', 'rifatto'],
  hair_color: ['bionda', 'castana', 'mora', 'rossa', 'nera', 'colorata'],
  body_type: ['magra', 'snella', 'atletica', 'normale', 'formosa', 'curvy'],
  eye_color: ['azzurri', 'verdi', 'castani', 'neri', 'grigi', 'nocciola'],
  meeting_type: ['cena', 'aperitivo', 'relax', 'massaggio', 'viaggio', 'altro'],
  availability_for: ['mattina', 'pomeriggio', 'sera', 'notte', 'weekend'],
  meeting_location: ['mio-domicilio', 'tuo-domicilio', 'hotel', 'esterno', 'online'],
  offered_services: [
    '69', 'baci-profondi', 'bacio-leggero', 'due-ragazze', 'girlfriend-experience', 'massaggio-professionale',
    'massaggio-prostatico', 'massaggio-sensuale-con-corpo', 'massaggio-tantrico', 'masturbazione-con-mano',
    'orale-coperto-con-condom', 'orale-scoperto', 'orgasmo-multiplo', 'porn-star-experience', 'rapporto-anale',
    'rapporto-sessuale', 'rimming', 'sesso-orale', 'venuta-in-bocca', 'venuta-su-seno', 'altro',
  ],
} as const;

export type Category = (typeof VALUE_LISTS.category)[number];
export type Ethnicity = (typeof VALUE_LISTS.ethnicity)[number];
export type Nationality = (typeof VALUE_LISTS.nationality)[number];

/** The array columns of listings that hold value-list slugs (category is a scalar column). */
export const ARRAY_ATTRIBUTES = [
  'ethnicity', 'nationality', 'breast_type', 'hair_color', 'body_type', 'eye_color',
  'meeting_type', 'availability_for', 'meeting_location', 'offered_services',
] as const;
export type ArrayAttribute = (typeof ARRAY_ATTRIBUTES)[number];
