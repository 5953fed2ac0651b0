// Passwords of the built-in identity provider. The spec names the reset dialog's rule only as 'required' and its
// label Password; the policy below (Cognito's default minus the symbol) is our choice, written in the README.
import { z } from 'zod';
import { idSchema } from '@/contracts/bounds';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const PASSWORD_RULE = `At least ${PASSWORD_MIN} characters with an upper-case letter, a lower-case letter and a digit`;

export function passwordProblem(password: string): string | null {
  if (password.length === 0) return 'Password is required';
  if (password.length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters`;
  if (password.length < PASSWORD_MIN || !/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/\d/.test(password))
    return PASSWORD_RULE;
  return null;
}

export const passwordSchema = z.string().superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const resetTemporaryPasswordSchema = z.object({ userId: idSchema, temporaryPassword: passwordSchema });

export const RESET_PASSWORD_WARNING =
  'The user is not notified of the new password: send it to them yourself. They will be asked to choose their own password when they next sign in.';
export const PASSWORD_RESET_TOAST = 'Password reset successfully';
