import { beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen, waitFor } from '@/test/render.tsx';
import { t } from '@/lib/catalogue/screens.ts';

const { push, profileApi: api, resetPushFakes } = await vi.hoisted(() => import('@/test/pushFakes.ts'));
vi.mock('@/pwa/pushSubscription.ts', () => push);
// The backend calls of this feature; the section talks to no server in a unit test.
vi.mock('../api.ts', () => api);

const { PushSection } = await import('./PushSection.tsx');

const m = t.profile.settings;
const pushSwitch = () => screen.getByRole('switch', { name: m.pushLabel });

describe('PushSection', () => {
  beforeEach(() => {
    resetPushFakes();
  });

  it('reflects the device subscription, not the profile flag', async () => {
    push.isPushSubscribed.mockResolvedValue(true);
    render(<PushSection userId="u1" />);
    await waitFor(() => expect(pushSwitch()).toBeChecked());

    push.isPushSubscribed.mockResolvedValue(false);
    render(<PushSection userId="u1" />);
    await waitFor(() => expect(push.isPushSubscribed).toHaveBeenCalledTimes(2));
    expect(screen.getAllByRole('switch', { name: m.pushLabel })[1]).not.toBeChecked();
  });

  it('subscribes and saves push_enabled when turned on', async () => {
    push.subscribePush.mockResolvedValue('subscribed');
    render(<PushSection userId="u1" />);
    await waitFor(() => expect(push.isPushSubscribed).toHaveBeenCalled());
    await userEvent.click(pushSwitch());
    await waitFor(() => expect(pushSwitch()).toBeChecked());
    expect(push.subscribePush).toHaveBeenCalledTimes(1);
    expect(api.updateOwnProfile).toHaveBeenCalledWith('u1', { push_enabled: true });
    expect(await screen.findByText(m.pushEnabled)).toBeInTheDocument();
  });

  it('unsubscribes and clears push_enabled when turned off', async () => {
    push.isPushSubscribed.mockResolvedValue(true);
    push.unsubscribePush.mockResolvedValue('unsubscribed');
    render(<PushSection userId="u1" />);
    await waitFor(() => expect(pushSwitch()).toBeChecked());
    await userEvent.click(pushSwitch());
    await waitFor(() => expect(pushSwitch()).not.toBeChecked());
    expect(push.unsubscribePush).toHaveBeenCalledTimes(1);
    expect(api.updateOwnProfile).toHaveBeenCalledWith('u1', { push_enabled: false });
    expect(await screen.findByText(m.pushDisabled)).toBeInTheDocument();
  });

  it('stays off with a message when permission is denied', async () => {
    push.subscribePush.mockResolvedValue('denied');
    render(<PushSection userId="u1" />);
    await waitFor(() => expect(push.isPushSubscribed).toHaveBeenCalled());
    await userEvent.click(pushSwitch());
    expect(await screen.findByText(m.pushDenied)).toBeVisible();
    expect(pushSwitch()).toHaveAccessibleDescription(m.pushDenied);
    expect(pushSwitch()).not.toBeChecked();
    expect(api.updateOwnProfile).not.toHaveBeenCalled();
  });

  it('stays off and enabled again with an Italian message when the push service does not answer', async () => {
    push.subscribePush.mockResolvedValue('unreachable');
    render(<PushSection userId="u1" />);
    await waitFor(() => expect(push.isPushSubscribed).toHaveBeenCalled());
    await userEvent.click(pushSwitch());
    const said = 'Non è stato possibile attivare le notifiche push: il servizio non risponde. Riprova più tardi.';
    expect(await screen.findByText(said)).toBeVisible();
    expect(pushSwitch()).toHaveAccessibleDescription(said);
    expect(pushSwitch()).not.toBeChecked();
    expect(pushSwitch()).toBeEnabled();
    expect(api.updateOwnProfile).not.toHaveBeenCalled();
  });

  it('stays off with a message on a browser without push', async () => {
    push.pushSupported.mockReturnValue(false);
    push.subscribePush.mockResolvedValue('unsupported');
    render(<PushSection userId="u1" />);
    expect(await screen.findByText(m.pushUnsupported)).toBeVisible();
    expect(push.isPushSubscribed).not.toHaveBeenCalled();
    expect(pushSwitch()).not.toBeChecked();
    await userEvent.click(pushSwitch());
    await waitFor(() => expect(push.subscribePush).toHaveBeenCalled());
    expect(pushSwitch()).not.toBeChecked();
    expect(screen.getByText(m.pushUnsupported)).toBeInTheDocument();
    expect(api.updateOwnProfile).not.toHaveBeenCalled();
  });

  it('keeps the device subscribed and says so when the flag cannot be saved', async () => {
    push.subscribePush.mockResolvedValue('subscribed');
    api.updateOwnProfile.mockRejectedValue(new Error('down'));
    render(<PushSection userId="u1" />);
    await waitFor(() => expect(push.isPushSubscribed).toHaveBeenCalled());
    await userEvent.click(pushSwitch());
    expect(await screen.findByText(m.saveFailed)).toBeInTheDocument();
    expect(pushSwitch()).toBeChecked();
    expect(pushSwitch()).toBeEnabled();
  });
});
