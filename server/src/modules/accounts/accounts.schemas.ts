import { z } from 'zod';
import { accountRule, emailRule, passwordRule, phoneRule, verificationCodeRule } from '@mouldwatch/shared';
import { encodedPassword } from '../auth/auth.schemas.js';
import type { CodeAddress } from './accounts.repository.js';

const passwordTwice = <T extends { password: string; password2: string }>(form: T) => form.password2 === form.password;
const differ = { message: 'passwordsDiffer', path: ['password2'] };

/** The shared sign-up schema's rules (shared/src/validation/rules.ts signUpSchema), the passwords base64 as sent. */
export const signUpBody = z
  .object({
    username: accountRule,
    password: encodedPassword(passwordRule),
    password2: encodedPassword(z.string().min(1, 'required')),
    email: emailRule,
    mobile: z.union([z.literal(''), phoneRule]).optional(),
  })
  .refine(passwordTwice, differ);

export const codePurpose = z.enum(['activate', 'reset']).default('reset');

export const sendSmsQuery = z.object({ mobile: phoneRule, purpose: codePurpose });
export const sendEmailQuery = z.object({ email: emailRule, purpose: codePurpose });

/** Whom a code is for: by e-mail address or by mobile number, one of the two. */
const addressFields = { email: z.optional(emailRule), mobile: z.optional(phoneRule) };
const oneAddress = (form: { email?: string | undefined; mobile?: string | undefined }) =>
  (form.email === undefined) !== (form.mobile === undefined);
const needsAddress = { message: 'required', path: ['email'] };

export const activationBody = z
  .object({ ...addressFields, code: verificationCodeRule })
  .refine(oneAddress, needsAddress);

export const changePasswordBody = z
  .object({
    ...addressFields,
    code: verificationCodeRule,
    password: encodedPassword(passwordRule),
    password2: encodedPassword(z.string().min(1, 'required')),
  })
  .refine(oneAddress, needsAddress)
  .refine(passwordTwice, differ);

/** The address a validated body names. */
export function addressOf(form: { email?: string | undefined; mobile?: string | undefined }): CodeAddress {
  return form.email === undefined
    ? { channel: 'sms', to: form.mobile ?? '' }
    : { channel: 'email', to: form.email.toLowerCase() };
}
