import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen, waitFor, within } from '@/test/render.tsx';
import { t } from '@/lib/catalogue/screens.ts';
import MantineRoot from '@/lib/ui/MantineRoot.tsx';

const { push, profileApi, resetPushFakes } = await vi.hoisted(() => import('@/test/pushFakes.ts'));
vi.mock('@/pwa/pushSubscription.ts', () => push);
// The profile's backend: the invite saves push_enabled as the settings do.
vi.mock('@/features/profile/api.ts', () => profileApi);

const { PushInvite, PUSH_INVITE_DISMISSED_KEY } = await import('./PushInvite.tsx');

const m = t.pushInvite;
const invite = () => screen.queryByRole('region', { name: m.ticket.title });
/** The invite's own message (the toasts of earlier tests are alerts too). */
const message = () => within(screen.getByRole('region', { name: m.ticket.title })).findByRole('alert');

/** Renders the ticket invite and waits until the browser has said whether this device is subscribed. */
async function renderInvite(reason: 'ticket' | 'savedSearch' = 'ticket') {
  const view = render(<PushInvite userId="u1" reason={reason} />);
  if (push.pushSupported()) await waitFor(() => expect(push.isPushSubscribed).toHaveBeenCalled());
  // One more turn for the query's answer to render.
  await new Promise((r) => setTimeout(r, 0));
  return view;
}

describe('PushInvite', () => {
  beforeEach(() => {
    resetPushFakes();
    localStorage.clear();
    vi.stubGlobal('Notification', { permission: 'default' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('invites where push can work and is not on: the ticket and the saved-search wording', async () => {
    await renderInvite();
    expect(await screen.findByRole('region', { name: m.ticket.title })).toHaveTextContent(m.ticket.text);
    await renderInvite('savedSearch');
    expect(await screen.findByRole('region', { name: m.savedSearch.title })).toHaveTextContent(m.savedSearch.text);
  });

  it('brings its own query cache where there is none (the save-search dialog on /search)', async () => {
    const { render: bare } = await import('@testing-library/react');
    bare(<PushInvite userId="u1" reason="savedSearch" />, { wrapper: MantineRoot });
    expect(await screen.findByRole('region', { name: m.savedSearch.title })).toBeInTheDocument();
  });

  it('is not shown on a browser without push', async () => {
    push.pushSupported.mockReturnValue(false);
    await renderInvite();
    expect(invite()).toBeNull();
  });

  it('is not shown when notifications are blocked for the site', async () => {
    vi.stubGlobal('Notification', { permission: 'denied' });
    await renderInvite();
    expect(invite()).toBeNull();
  });

  it('is not shown when this device is subscribed already, nor before the browser has said', async () => {
    let answer!: (v: boolean) => void;
    push.isPushSubscribed.mockReturnValue(new Promise<boolean>((r) => (answer = r)));
    render(<PushInvite userId="u1" reason="ticket" />);
    await waitFor(() => expect(push.isPushSubscribed).toHaveBeenCalled());
    expect(invite()).toBeNull();
    answer(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(invite()).toBeNull();
  });

  it("'No, grazie' hides it and it stays away on this device", async () => {
    const first = await renderInvite();
    await userEvent.click(await screen.findByRole('button', { name: m.dismiss }));
    expect(invite()).toBeNull();
    expect(localStorage.getItem(PUSH_INVITE_DISMISSED_KEY)).not.toBeNull();
    first.unmount();
    await renderInvite();
    expect(invite()).toBeNull();
    expect(push.subscribePush).not.toHaveBeenCalled();
  });

  it("'Attiva notifiche' subscribes this device as the settings do, saves push_enabled and goes away", async () => {
    push.subscribePush.mockResolvedValue('subscribed');
    await renderInvite();
    await userEvent.click(await screen.findByRole('button', { name: m.enable }));
    await waitFor(() => expect(invite()).toBeNull());
    expect(push.subscribePush).toHaveBeenCalledTimes(1);
    expect(profileApi.updateOwnProfile).toHaveBeenCalledWith('u1', { push_enabled: true });
    expect(await screen.findByText(t.pwa.push.enabled)).toBeInTheDocument();
  });

  it('says in Italian that the push service does not answer, and stays to try again', async () => {
    push.subscribePush.mockResolvedValue('unreachable');
    await renderInvite();
    await userEvent.click(await screen.findByRole('button', { name: m.enable }));
    expect(await message()).toHaveTextContent(
      'Non è stato possibile attivare le notifiche push: il servizio non risponde. Riprova più tardi.',
    );
    expect(screen.getByRole('button', { name: m.enable })).toBeEnabled();
    expect(profileApi.updateOwnProfile).not.toHaveBeenCalled();
  });

  it('says how to allow notifications in the browser when the user refuses them', async () => {
    push.subscribePush.mockImplementation(async () => {
      // The browser's prompt answered 'Blocca': the permission is 'denied' from now on.
      vi.stubGlobal('Notification', { permission: 'denied' });
      return 'denied';
    });
    await renderInvite();
    await userEvent.click(await screen.findByRole('button', { name: m.enable }));
    const alert = await message();
    expect(alert).toHaveTextContent(t.pwa.push.denied);
    expect(alert).toHaveTextContent(/Autorizzazioni .* Notifiche .* Consenti/);
    expect(invite()).not.toBeNull();
  });

  it('says so when the subscription fails for another reason', async () => {
    push.subscribePush.mockRejectedValue(new Error('boom'));
    await renderInvite();
    await userEvent.click(await screen.findByRole('button', { name: m.enable }));
    expect(await message()).toHaveTextContent(t.pwa.push.error);
  });
});
