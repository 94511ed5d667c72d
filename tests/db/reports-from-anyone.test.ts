/**
 * Reports from anyone (DSA art. 16): a visitor reports a public listing through report_listing
 * without an account, with an optional e-mail only staff read; a flood is refused per device
 * and per client address (both hashed with the day's salt); staff's decision queues the
 * statement of reasons for a reporter who left an e-mail (mail_outbox, service role only).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/clients.ts';
import { admin, expectError, expectOk } from '../support/db.ts';
import { makeListing, makeUser, type TestUser } from '../support/factories.ts';

/** A visitor's client from one address (the test platform trusts x-forwarded-for, as Supabase's gateway sets it). */
const from = (address: string) => client(undefined, { 'x-forwarded-for': address });
let hosts = 0;
/** An address no other test uses (TEST-NET-2 with a per-file random middle). */
const prefix = `198.51.${Math.floor(Math.random() * 250) + 1}`;
const address = () => `${prefix}.${(hosts += 1)}`;

const report = (c: SupabaseClient, listingId: string, fields: { reason?: string; details?: string; email?: string; device?: string } = {}) =>
  c.rpc('report_listing', {
    p_listing_id: listingId,
    p_reason: fields.reason ?? 'spam',
    p_details: fields.details ?? null,
    p_email: fields.email ?? null,
    p_device: fields.device ?? crypto.randomUUID(),
  });

describe('reports from anyone', () => {
  let owner: TestUser;
  let staff: TestUser;
  let listing: { id: string; title: string };

  beforeAll(async () => {
    [owner, staff] = await Promise.all([makeUser(), makeUser({ role: 'admin' })]);
    listing = (await makeListing(owner)) as { id: string; title: string };
  });

  it('a visitor reports without an account; staff read the e-mail, nobody else reads the report', async () => {
    const id = expectOk(
      await report(from(address()), listing.id, { reason: 'minorenne', details: '  Sembra minorenne.  ', email: ' Testimone@Example.TEST ' }),
    ) as string;
    const row = expectOk(await admin().from('listing_reports').select('*').eq('id', id).single()) as Record<string, unknown>;
    expect(row).toMatchObject({ listing_id: listing.id, reporter_id: null, reason: 'minorenne', urgent: true, details: 'Sembra minorenne.', reporter_email: 'testimone@example.test', status: 'open' });
    // Nothing about the sender's address or device is kept on the report (client_id is the app's random id of this one
    // report, a visitor's hashed with the device's).
    expect(Object.keys(row).sort()).toEqual(
      ['client_id', 'created_at', 'details', 'id', 'listing_id', 'reason', 'reporter_email', 'reporter_id', 'reviewed_at', 'reviewed_by', 'status', 'urgent'],
    );
    const note = expectOk(await admin().from('admin_notifications').select('type, message').eq('entity_id', id)) as { message: string }[];
    expect(note[0]!.message).toMatch(/^URGENTE – Nuova segnalazione: Minori o tratta di persone/);
    expect(expectOk(await staff.client.from('listing_reports').select('reporter_id, reporter_email').eq('id', id))).toEqual([
      { reporter_id: null, reporter_email: 'testimone@example.test' },
    ]);
    const other = await makeUser();
    expect(expectOk(await owner.client.from('listing_reports').select('id').eq('id', id))).toEqual([]);
    expect(expectOk(await other.client.from('listing_reports').select('id').eq('id', id))).toEqual([]);
    expectError(await client().from('listing_reports').select('id').eq('id', id), /permission denied/);
    // The direct insert stays closed to visitors.
    expectError(await client().from('listing_reports').insert({ listing_id: listing.id, reason: 'spam' }), /permission denied/);
  });

  it('only a public listing can be reported: a waiting or unknown one answers the same; bad input is refused in Italian', async () => {
    const newcomer = await makeUser();
    const waiting = await makeListing(newcomer, {}, true, false);
    expect(waiting.review_status).toBe('pending');
    const visitor = from(address());
    const waitingAnswer = await report(visitor, waiting.id as string);
    const unknownAnswer = await report(visitor, crypto.randomUUID());
    expectError(waitingAnswer, 'Annuncio non trovato.', 'P0001');
    expect(waitingAnswer.error).toEqual(unknownAnswer.error);
    expectError(await report(visitor, listing.id, { email: 'non-una-mail' }), 'Indirizzo e-mail non valido.', 'P0001');
    expectError(await report(visitor, listing.id, { reason: 'noia' }), 'Scegli un motivo.', 'P0001');
    expect(expectOk(await admin().from('listing_reports').select('id').eq('listing_id', waiting.id as string))).toEqual([]);
  });

  it('a flood from one device is refused, whatever address it comes from; another device still reports', async () => {
    const device = crypto.randomUUID();
    for (let i = 0; i < 3; i += 1) expectOk(await report(from(address()), listing.id, { device }));
    const refused = await report(from(address()), listing.id, { device });
    expectError(refused, /^Hai inviato troppe segnalazioni da questo dispositivo\. Riprova più tardi/, 'P0001');
    expect(refused.error!.details).toBe('report_limit_device');
    expectOk(await report(from(address()), listing.id));
  });

  it('a flood from one address is refused, whatever device it names; another address still reports', async () => {
    const flood = from(address());
    for (let i = 0; i < 10; i += 1) expectOk(await report(flood, listing.id));
    const refused = await report(flood, listing.id);
    expectError(refused, /^Troppe segnalazioni dalla tua rete\. Riprova più tardi/, 'P0001');
    expect(refused.error!.details).toBe('report_limit_address');
    // Without a device id the address still counts.
    expect((await flood.rpc('report_listing', { p_listing_id: listing.id, p_reason: 'spam' })).error?.details).toBe('report_limit_address');
    expectOk(await report(from(address()), listing.id));
  });

  it('a signed-in user reports through the same function and keeps one open report a listing', async () => {
    const user = await makeUser();
    const id = expectOk(await report(user.client, listing.id, { reason: 'truffa', email: user.email })) as string;
    expect(expectOk(await user.client.from('listing_reports').select('reporter_id').eq('id', id))).toEqual([{ reporter_id: user.id }]);
    // Her own data export carries the address she left.
    const exported = expectOk(await user.client.rpc('export_my_data')) as { listing_reports: Record<string, unknown>[] };
    expect(exported.listing_reports).toEqual([expect.objectContaining({ listing_id: listing.id, reason: 'truffa', reporter_email: user.email.toLowerCase() })]);
    const again = await report(user.client, listing.id, { reason: 'altro' });
    expectError(again, 'Hai già segnalato questo annuncio: la segnalazione è in esame.', 'P0001');
    expect(again.error!.details).toBe('report_duplicate');
  });

  it("staff's decision queues the statement of reasons for a reporter who left an e-mail, and only for her", async () => {
    const target = (await makeListing(owner)) as { id: string; title: string };
    const witness = `testimone.${crypto.randomUUID().slice(0, 8)}@example.test`;
    const remover = `testimone.${crypto.randomUUID().slice(0, 8)}@example.test`;
    const dismissed = expectOk(await report(from(address()), listing.id, { reason: 'foto-false', email: witness })) as string;
    const silent = expectOk(await report(from(address()), listing.id, { reason: 'altro' })) as string;
    const upheld = expectOk(await report(from(address()), target.id, { reason: 'minorenne', email: remover })) as string;

    expectOk(await staff.client.rpc('dismiss_report', { p_report_id: dismissed, p_reason: 'Le foto corrispondono al documento verificato.' }));
    expectOk(await staff.client.rpc('dismiss_report', { p_report_id: silent, p_reason: 'Nessuna violazione.' }));
    expectOk(await staff.client.rpc('admin_delete_listing', { p_listing_id: target.id, p_reason: 'Persona probabilmente minorenne.' }));

    const mails = expectOk(
      await admin().from('mail_outbox').select('to_email, subject, body, kind, entity_id, sent_at').in('entity_id', [dismissed, silent, upheld]).order('id'),
    ) as { to_email: string; body: string }[];
    expect(mails).toEqual([
      expect.objectContaining({ to_email: witness, subject: 'Esito della tua segnalazione', kind: 'report_decision', entity_id: dismissed, sent_at: null }),
      expect.objectContaining({ to_email: remover, subject: 'Esito della tua segnalazione', kind: 'report_decision', entity_id: upheld, sent_at: null }),
    ]);
    expect(mails[0]!.body).toContain(`"${listing.title}" (Foto false o non corrispondenti)`);
    expect(mails[0]!.body).toContain('Decisione: la segnalazione è stata archiviata senza provvedimenti sull\'annuncio.');
    expect(mails[0]!.body).toContain('Motivazione: Le foto corrispondono al documento verificato.');
    expect(mails[1]!.body).toContain('Decisione: l\'annuncio è stato rimosso.');
    expect(mails[1]!.body).toContain('Motivazione: Persona probabilmente minorenne.');
    // The upheld anonymous report still counts against the owner (review migration).
    expect(expectOk(await admin().from('upheld_reports').select('owner_id, reason').eq('report_id', upheld))).toEqual([{ owner_id: owner.id, reason: 'minorenne' }]);
    // The outbox is the service role's only.
    expectError(await staff.client.from('mail_outbox').select('id'), /permission denied/);
    expectError(await client().from('mail_outbox').select('id'), /permission denied/);
  });
});
