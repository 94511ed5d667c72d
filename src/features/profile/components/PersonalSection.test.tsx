import { beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen, waitFor } from '@/test/render.tsx';
import { ApiError } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { common } from '@/lib/catalogue/common.ts';

const api = vi.hoisted(() => ({ fetchOwnProfile: vi.fn(), updateOwnProfile: vi.fn() }));
vi.mock('../api.ts', () => api);
const { PersonalSection } = await import('./PersonalSection.tsx');

const m = t.profile.settings;
const v = t.auth.validation;
const ugo = { id: 'u1', email: 'u@x.it', display_name: 'Ugo', phone: null, push_enabled: false, credits: 0, referral_code: 'UGO123' };
const save = () => userEvent.click(screen.getByRole('button', { name: m.save }));

describe('PersonalSection', () => {
  beforeEach(() => {
    api.fetchOwnProfile.mockReset().mockResolvedValue(ugo);
    api.updateOwnProfile.mockReset().mockResolvedValue(undefined);
  });

  it('fills the form from the own profile', async () => {
    render(<PersonalSection user={{ id: 'u1' }} />);
    expect(await screen.findByLabelText(m.displayName)).toHaveValue('Ugo');
    expect(screen.getByLabelText(m.phone)).toHaveValue('');
    expect(api.fetchOwnProfile).toHaveBeenCalledWith('u1');
  });

  it('shows the load failure with Riprova, and the form once it loads', async () => {
    api.fetchOwnProfile.mockRejectedValueOnce(new ApiError('unexpected', 'boom'));
    render(<PersonalSection user={{ id: 'u1' }} />);
    expect(await screen.findByText(m.loadFailed)).toBeInTheDocument();
    expect(screen.queryByLabelText(m.displayName)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: common.retry }));
    expect(await screen.findByLabelText(m.displayName)).toHaveValue('Ugo');
  });

  it('checks the fields before saving', async () => {
    render(<PersonalSection user={{ id: 'u1' }} />);
    const name = await screen.findByLabelText(m.displayName);
    await userEvent.clear(name);
    await userEvent.type(name, 'U');
    await userEvent.type(screen.getByLabelText(m.phone), '12ab');
    await save();
    expect(screen.getByText(v.displayNameShort)).toBeInTheDocument();
    expect(screen.getByText(v.phoneInvalid)).toBeInTheDocument();
    expect(api.updateOwnProfile).not.toHaveBeenCalled();
  });

  it('saves the trimmed name and the phone with its prefix, shown as saved', async () => {
    render(<PersonalSection user={{ id: 'u1' }} />);
    const name = await screen.findByLabelText(m.displayName);
    await userEvent.clear(name);
    await userEvent.type(name, ' Ugo Rossi ');
    await userEvent.type(screen.getByLabelText(m.phone), '333 123 4567');
    await save();
    expect(await screen.findByText(m.saved)).toBeInTheDocument();
    expect(api.updateOwnProfile).toHaveBeenCalledWith('u1', { display_name: 'Ugo Rossi', phone: '+393331234567' });
    expect(screen.getByLabelText(m.phone)).toHaveValue('+393331234567');
    // The saved profile is read again.
    await waitFor(() => expect(api.fetchOwnProfile).toHaveBeenCalledTimes(2));
  });

  it("shows the server's refusal, or the generic save failure", async () => {
    api.updateOwnProfile
      .mockRejectedValueOnce(new ApiError('refused', 'Nome non consentito.', '23514'))
      .mockRejectedValueOnce(new ApiError('unexpected', 'boom'));
    render(<PersonalSection user={{ id: 'u1' }} />);
    await screen.findByLabelText(m.displayName);
    await save();
    expect(await screen.findByText('Nome non consentito.')).toBeInTheDocument();
    await save();
    expect(await screen.findByText(m.saveFailed)).toBeInTheDocument();
  });
});
