// The one password policy (issue #10, docs/decisions/011-password-policy.md): the backend enforces it
// on add, reset, change, self-change and import, and the forms show the same message before posting.
import { Messages } from "./messages";

export const PASSWORD_MIN_LENGTH = 8;

/** An ASCII punctuation character (JeecgBoot's strong-password rule lists the same kind). */
const SYMBOL = /[!-/:-@[-`{-~]/;

/** Why `password` is refused for the account `username`, or null when it is acceptable. */
export function passwordProblem(password: string, username?: string | null): string | null {
  if (password.length < PASSWORD_MIN_LENGTH || !/[A-Za-z]/.test(password) || !/[0-9]/.test(password) || !SYMBOL.test(password))
    return Messages.passwordPolicy;
  if (username && password.toLowerCase() === username.trim().toLowerCase()) return Messages.passwordIsUsername;
  return null;
}
