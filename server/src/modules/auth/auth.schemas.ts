import { z } from 'zod';
import { accountRule, passwordRule } from '@mouldwatch/shared';
import { decodePassword } from '../../infra/security/passwords.js';

/** A password as sent: base64 of the text, which must then meet `rule`. */
export function encodedPassword(rule: z.core.$ZodType<string, string>) {
  return z
    .string({ message: 'required' })
    .transform((value, context) => {
      const decoded = decodePassword(value);
      if (decoded === undefined) {
        context.addIssue({ code: 'custom', message: 'passwordEncoding' });
        return z.NEVER;
      }
      return decoded;
    })
    .pipe(rule);
}

export const loginBody = z.object({ username: accountRule, password: encodedPassword(passwordRule) });

export const loginParams = z.object({ lang: z.string().max(8) });

export const resetPasswordBody = z
  .object({
    oldPassword: encodedPassword(z.string().min(1, 'required')),
    newPassword: encodedPassword(passwordRule),
    newPassword2: encodedPassword(z.string().min(1, 'required')),
  })
  .refine((form) => form.newPassword !== form.oldPassword, { message: 'passwordSameAsOld', path: ['newPassword'] })
  .refine((form) => form.newPassword2 === form.newPassword, { message: 'passwordsDiffer', path: ['newPassword2'] });
