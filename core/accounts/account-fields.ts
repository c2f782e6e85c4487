import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-hashing.ts';
import { AppError } from '../errors/index.ts';
import { normaliseEmail } from '../text/index.ts';

/** Field rules in the product's wording. Normalising here means one account per address, whatever case. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

export function requireEmail(raw: unknown): string {
  if (typeof raw !== 'string' || raw.trim() === '') throw new AppError('VALIDATION_ERROR', 'Email is required');
  const email = normaliseEmail(raw);
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) {
    throw new AppError('VALIDATION_ERROR', 'Please enter a valid email address');
  }
  return email;
}

export function requirePassword(raw: unknown): string {
  if (typeof raw !== 'string' || raw === '') throw new AppError('VALIDATION_ERROR', 'Password is required');
  if (raw.length < PASSWORD_MIN_LENGTH) throw new AppError('VALIDATION_ERROR', 'Password must be at least 8 characters long');
  if (raw.length > PASSWORD_MAX_LENGTH) {
    throw new AppError('VALIDATION_ERROR', `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`);
  }
  return raw;
}

export function requireName(raw: unknown): string {
  if (typeof raw !== 'string' || raw.trim() === '') throw new AppError('VALIDATION_ERROR', 'Name is required');
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name.length > NAME_MAX_LENGTH) throw new AppError('VALIDATION_ERROR', `Name must be at most ${NAME_MAX_LENGTH} characters long`);
  return name;
}
