import { describe, expect, it } from 'vitest';
import { clearFieldError, emailError, hasErrors, passwordError, validateSignIn, validateSignUp } from './auth-validation.ts';

describe('emailError', () => {
  it('requires an address', () => {
    expect(emailError('')).toBe('Email is required');
    expect(emailError('   ')).toBe('Email is required');
  });

  it.each(['ada', 'ada@', 'ada@example', '@example.com', 'ada lovelace@example.com', 'ada@exa mple.com'])('rejects %j', (email) => {
    expect(emailError(email)).toBe('Please enter a valid email address');
  });

  it.each(['ada@example.com', '  ada@example.com ', 'a.b+c@sub.example.co.uk'])('accepts %j', (email) => {
    expect(emailError(email)).toBeUndefined();
  });
});

describe('passwordError', () => {
  it('requires a password of at least 8 characters, spaces included', () => {
    expect(passwordError('')).toBe('Password is required');
    expect(passwordError('1234567')).toBe('Password must be at least 8 characters long');
    expect(passwordError('12345678')).toBeUndefined();
    expect(passwordError('        ')).toBeUndefined();
  });
});

describe('validateSignIn', () => {
  it('reports every wrong field at once', () => {
    expect(validateSignIn({ email: '', password: '' })).toEqual({ email: 'Email is required', password: 'Password is required' });
  });

  it('has nothing to say about good values', () => {
    const errors = validateSignIn({ email: 'ada@example.com', password: 'long enough' });
    expect(errors).toEqual({});
    expect(hasErrors(errors)).toBe(false);
  });
});

describe('validateSignUp', () => {
  it('gives the product’s messages for an empty form', () => {
    const errors = validateSignUp({ name: '', email: '', password: '', confirmPassword: '' });
    expect(errors).toEqual({ name: 'Name is required', email: 'Email is required', password: 'Password is required' });
    expect(hasErrors(errors)).toBe(true);
  });

  it('treats a blank name as missing', () => {
    expect(validateSignUp({ name: '  ', email: 'a@b.co', password: 'long enough', confirmPassword: 'long enough' })).toEqual({ name: 'Name is required' });
  });

  it('says when the passwords differ, including an empty confirmation', () => {
    const values = { name: 'Ada', email: 'a@b.co', password: 'long enough' };
    expect(validateSignUp({ ...values, confirmPassword: 'long enougH' })).toEqual({ confirmPassword: 'Passwords do not match' });
    expect(validateSignUp({ ...values, confirmPassword: '' })).toEqual({ confirmPassword: 'Passwords do not match' });
    expect(validateSignUp({ ...values, confirmPassword: 'long enough' })).toEqual({});
  });
});

describe('clearFieldError', () => {
  it('drops only the field being edited', () => {
    const errors = { email: 'Email is required', password: 'Password is required' };
    expect(clearFieldError(errors, 'email')).toEqual({ password: 'Password is required' });
    expect(errors).toEqual({ email: 'Email is required', password: 'Password is required' });
  });

  it('returns the same object when there is nothing to clear, so React can skip a render', () => {
    const errors = { password: 'Password is required' };
    expect(clearFieldError<'email' | 'password'>(errors, 'email')).toBe(errors);
  });
});
