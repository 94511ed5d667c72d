/**
 * The account forms' calls as mutations. None changes a cached query: what they change is
 * the session, which applyUser puts in the session store (and the query cache is emptied
 * when the account changes).
 */
import { queryOptions, skipToken, useMutation } from '@tanstack/react-query';
import { fetchMyBan, requestPasswordReset, signIn, signUp, updatePassword } from './api.ts';
import type { LoginValues, RegisterValues } from './model.ts';
import { applyUser } from './session.ts';

/** Signs in and waits for the role, so the /auth guard moves the viewer on when it settles. */
export function useSignIn() {
  return useMutation({
    mutationFn: async ({ email, password }: LoginValues) => {
      const { user } = await signIn(email, password);
      await applyUser({ id: user.id, email: user.email ?? '' });
    },
  });
}

/** Signs up; resolves true when the account is signed in at once, false when it must confirm its e-mail first. */
export function useSignUp() {
  return useMutation({
    mutationFn: async (values: RegisterValues) => {
      const { user, session } = await signUp({ ...values, ref: values.ref.trim() || null });
      if (!session || !user) return false;
      await applyUser({ id: user.id, email: user.email ?? '' });
      return true;
    },
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (email: string) => requestPasswordReset(email) });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: (password: string) => updatePassword(password) });
}

/** The banned viewer's statement of reasons for /banned. */
export const myBanQuery = (userId: string | null) =>
  queryOptions({ queryKey: ['account-ban', userId], queryFn: userId ? () => fetchMyBan(userId) : skipToken });
