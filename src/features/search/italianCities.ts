/** Italian provincial capitals and large towns, for the city typeahead (proper nouns, not catalogue copy). */
const ITALIAN_CITIES: readonly string[] = [
  'Agrigento', 'Alessandria', 'Ancona', 'Andria', 'Aosta', 'Arezzo', 'Ascoli Piceno', 'Asti', 'Avellino', 'Bari',
  'Barletta', 'Belluno', 'Benevento', 'Bergamo', 'Biella', 'Bologna', 'Bolzano', 'Brescia', 'Brindisi', 'Busto Arsizio',
  'Cagliari', 'Caltanissetta', 'Campobasso', 'Carbonia', 'Carrara', 'Caserta', 'Catania', 'Catanzaro', 'Cesena', 'Chieti',
  'Cinisello Balsamo', 'Como', 'Cosenza', 'Cremona', 'Crotone', 'Cuneo', 'Enna', 'Fermo', 'Ferrara', 'Firenze',
  'Foggia', 'Forlì', 'Frosinone', 'Genova', 'Giugliano in Campania', 'Gorizia', 'Grosseto', 'Guidonia Montecelio', 'Imperia', 'Isernia',
  "L'Aquila", 'La Spezia', 'Latina', 'Lecce', 'Lecco', 'Livorno', 'Lodi', 'Lucca', 'Macerata', 'Mantova',
  'Marsala', 'Massa', 'Matera', 'Messina', 'Mestre', 'Milano', 'Modena', 'Monza', 'Napoli', 'Novara',
  'Nuoro', 'Olbia', 'Oristano', 'Padova', 'Palermo', 'Parma', 'Pavia', 'Perugia', 'Pesaro', 'Pescara',
  'Piacenza', 'Pisa', 'Pistoia', 'Pordenone', 'Potenza', 'Prato', 'Ragusa', 'Ravenna', 'Reggio Calabria', 'Reggio Emilia',
  'Rieti', 'Rimini', 'Roma', 'Rovigo', 'Salerno', 'San Marino', 'Sanremo', 'Sassari', 'Savona', 'Sesto San Giovanni',
  'Siena', 'Siracusa', 'Sondrio', 'Taranto', 'Teramo', 'Terni', 'Torino', 'Trani', 'Trapani', 'Trento',
  'Treviso', 'Trieste', 'Udine', 'Urbino', 'Varese', 'Venezia', 'Verbania', 'Vercelli', 'Verona', 'Vibo Valentia',
  'Vicenza', 'Vigevano', 'Viterbo',
];

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** Cities starting with the typed text first, then those containing it; accents ignored. */
export function suggestCities(input: string, limit = 8): string[] {
  const q = fold(input.trim());
  if (!q) return [];
  const starts = ITALIAN_CITIES.filter((c) => fold(c).startsWith(q));
  const contains = ITALIAN_CITIES.filter((c) => !fold(c).startsWith(q) && fold(c).includes(q));
  return [...starts, ...contains].slice(0, limit);
}
