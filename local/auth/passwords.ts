/** Password hashing (bcrypt, cost 10, as GoTrue) and GoTrue's password strength rules. */
import bcrypt from 'bcryptjs';
import { AuthError, badRequest } from './errors.ts';

export interface PasswordRules {
  minLength: number;
  /** Each string is a character set the password must draw at least one character from. */
  requiredCharacters: string[];
}

/** bcrypt reads at most 72 bytes; GoTrue refuses longer passwords rather than truncating them. */
const maxPasswordBytes = 72;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, 10);
}

// Compared against when the account does not exist, so a miss costs as long as a wrong password.
const decoyHash = bcrypt.hashSync('decoy password for absent accounts', 10);

export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash) {
    await bcrypt.compare(password, decoyHash);
    return false;
  }
  return bcrypt.compare(password, hash);
}

/** GoTrue's checkPasswordStrength: null when acceptable, else the error it would return. */
export function passwordProblem(password: string, rules: PasswordRules): AuthError | null {
  // GoTrue measures with Go's len(), which counts bytes.
  const bytes = Buffer.byteLength(password, 'utf8');
  if (bytes > maxPasswordBytes) {
    return badRequest('validation_failed', `Password cannot be longer than ${maxPasswordBytes} characters`);
  }
  const reasons: string[] = [];
  const messages: string[] = [];
  if (bytes < rules.minLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${rules.minLength} characters.`);
  }
  const missesASet = rules.requiredCharacters.some((set) => set !== '' && ![...set].some((c) => password.includes(c)));
  if (missesASet) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${rules.requiredCharacters.join(', ')}.`);
  }
  if (reasons.length === 0) return null;
  return new AuthError(422, 'weak_password', messages.join(' '), reasons);
}

/** Throws the strength error, for routes that refuse weak passwords outright. */
export function assertStrongPassword(password: string, rules: PasswordRules): void {
  const problem = passwordProblem(password, rules);
  if (problem) throw problem;
}
