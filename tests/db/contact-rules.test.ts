/**
 * The e-mail and phone rules agree between the browser (src/lib/contact.ts) and the database
 * (private.is_valid_email, private.normalize_phone, private.is_valid_phone): one table of
 * cases through both, on a throwaway migrated database, and the SQL spells the same patterns.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/local/src/db/index.ts';
import { prepareDatabase } from '../../supabase/local/src/db/migrate.ts';
import { EMAIL_PATTERN, PHONE_PATTERN, PHONE_SEPARATORS, isValidEmail, isValidPhone, normalizePhone } from '../../src/lib/contact.ts';
import { freshDatabase, supabaseDir, type FreshDatabase } from '../support/fresh-database.ts';

let fresh: FreshDatabase;
let db: Database;

beforeAll(async () => {
  fresh = await freshDatabase('contact-rules');
  db = fresh.db;
  await prepareDatabase(db, { supabaseDir, moduleSql: [] });
}, 120_000);

afterAll(async () => {
  await fresh?.drop();
});

// Whitespace JavaScript counts and Postgres might not (or the other way round), by code point.
const UNICODE_SPACES = ['\u00a0', '\u1680', '\u2000', '\u2009', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff'];
// Not whitespace for either: must be kept (and so make the value invalid where it counts).
const NOT_SPACES = ['\u0085', '\u200b', '\u180e'];

const EMAILS = [
  'giulia@example.it',
  'G.Rossi+annunci@posta.example.co.uk',
  'a@b.c',
  'mario@caffè.it',
  'δοκιμή@παράδειγμα.δοκιμή',
  '😀@example.it',
  'giulia@example',
  'giulia.example.it',
  'giu@lia@example.it',
  '@example.it',
  'giulia@.it',
  'giulia@example.',
  '',
  ' ',
  ' giulia@example.it',
  'giulia@example.it ',
  'giu lia@example.it',
  'giulia@example.it\n',
  '\tgiulia@example.it',
  'giulia@example.it\r',
  'giulia@exa\vmple.it',
  'giulia@exa\fmple.it',
  ...UNICODE_SPACES.map((s) => `giulia@exa${s}mple.it`),
  ...NOT_SPACES.map((s) => `giulia@exa${s}mple.it`),
];

const PHONES = [
  '333 123 4567',
  '3331234567',
  '+39 333 1234567',
  '0039 333 1234567',
  '0041 79 123 45 67',
  '+41-79-123.45.67',
  '(06) 1234567',
  '06/1234567',
  '(+39) 333 1234567',
  '\n333 1234567\t',
  ...UNICODE_SPACES.map((s) => `333${s}1234567`),
  ...NOT_SPACES.map((s) => `333${s}1234567`),
  '',
  '   ',
  ' - ',
  '+',
  '00',
  '0',
  '123',
  '1234',
  '+12345',
  '+123456',
  '+123456789012345',
  '+1234567890123456',
  '001234567890123456',
  '0012345678901234',
  '+0391234567',
  '000391234567',
  '39333+1234567',
  '++39333123456',
  '+39 333 1234567 +',
  '333abc4567',
  'chiamami',
  '333_1234567',
  '٣٣٣١٢٣٤٥٦٧',
  '３３３１２３４５６７',
  '+393331234567',
];

interface SqlAnswer {
  input: string;
  email: boolean;
  phone: string | null;
  phone_valid: boolean;
  raw_phone_valid: boolean;
}

async function sql(inputs: string[]): Promise<SqlAnswer[]> {
  const r = await db.query<SqlAnswer & { n: number }>(
    `select input, private.is_valid_email(input) as email, private.normalize_phone(input) as phone,
            private.is_valid_phone(private.normalize_phone(input)) as phone_valid, private.is_valid_phone(input) as raw_phone_valid,
            n::int as n
       from unnest($1::text[]) with ordinality as cases(input, n) order by n`,
    [inputs],
  );
  return r.rows.map(({ n: _n, ...answer }) => answer);
}

const ts = (input: string): SqlAnswer => {
  const phone = normalizePhone(input);
  return { input, email: isValidEmail(input), phone, phone_valid: phone !== null && isValidPhone(phone), raw_phone_valid: isValidPhone(input) };
};

describe('the e-mail and phone rules are the same in TypeScript and SQL', () => {
  it('for every case of the table', async () => {
    const inputs = [...new Set([...EMAILS, ...PHONES])];
    expect(await sql(inputs)).toEqual(inputs.map(ts));
  });

  it('the table holds valid and invalid answers of each kind, so agreement means something', () => {
    const answers = [...EMAILS, ...PHONES].map(ts);
    for (const key of ['email', 'phone_valid', 'raw_phone_valid'] as const) {
      expect(new Set(answers.map((a) => a[key]))).toEqual(new Set([true, false]));
    }
    expect(ts('0041 79 123 45 67').phone).toBe('+41791234567');
    expect(ts('   ').phone).toBeNull();
  });

  it('the SQL functions spell the very patterns of src/lib/contact.ts', async () => {
    const r = await db.query<{ proname: string; src: string }>(
      `select proname, prosrc as src from pg_proc
        where pronamespace = 'private'::regnamespace and proname in ('is_valid_email', 'normalize_phone', 'is_valid_phone') order by proname`,
    );
    const src = Object.fromEntries(r.rows.map((row) => [row.proname, row.src]));
    expect(src.is_valid_email).toContain(`'${EMAIL_PATTERN}'`);
    expect(src.normalize_phone).toContain(`'${PHONE_SEPARATORS}'`);
    expect(src.is_valid_phone).toContain(`'${PHONE_PATTERN}'`);
  });

  it('the tables keep to them: a stored phone is normalised, a ticket address valid', async () => {
    const userId = crypto.randomUUID();
    await db.query(`insert into auth.users (id, email, raw_user_meta_data) values ($1, $2, $3)`, [
      userId,
      `regole-${userId}@example.com`,
      JSON.stringify({ phone: '0041 79-123.45.67' }),
    ]);
    const stored = await db.query<{ phone: string }>(`select phone from public.profiles where id = $1`, [userId]);
    expect(stored.rows[0]!.phone).toBe(normalizePhone('0041 79-123.45.67'));
    await expect(db.query(`update public.profiles set phone = '0041791234567' where id = $1`, [userId])).rejects.toThrow(/check constraint/);
    await expect(db.query(`insert into public.tickets (subject, reporter_email) values ('Prova', 'giulia@exa\u00a0mple.it')`)).rejects.toThrow(
      /check constraint/,
    );
  });
});
