import * as z from 'zod/mini';
import { DEVICE_NO_PATTERN } from '../device/protocol.js';
import type { ValidationMessageKey } from '../i18n/validation-messages.js';

/** A rule's message is a validation message key; the caller translates it. */
const message = (key: ValidationMessageKey) => ({ message: key });

const CHINESE = /[\u3400-\u9fff\uf900-\ufaff]/;
const SPACE = /\s/;
/** Letters of any script, digits, and the joiners a person's name carries (space . ' -). */
const PERSON_NAME = /^[\p{L}\p{M}\d .'-]+$/u;
/** Letters of any script, digits and _ for things named in the console (groups, companies …). */
const ENTITY_NAME = /^[\p{L}\p{M}\d_]+$/u;

const requiredString = () => z.string(message('required')).check(z.minLength(1, message('required')));

/** Account and user name: 3 to 32 characters, no spaces, no Chinese characters. */
export const accountRule = requiredString().check(
  z.minLength(3, message('accountLength')),
  z.maxLength(32, message('accountLength')),
  z.refine((value) => !SPACE.test(value), message('noSpaces')),
  z.refine((value) => !CHINESE.test(value), message('noChinese')),
);

/** Password: 6 to 16 characters of letters and digits (both present), case sensitive, no spaces. */
export const passwordRule = requiredString().check(
  z.minLength(6, message('passwordLength')),
  z.maxLength(16, message('passwordLength')),
  z.refine((value) => !SPACE.test(value), message('noSpaces')),
  z.refine(
    (value) => /^[A-Za-z0-9]+$/.test(value) && /[A-Za-z]/.test(value) && /\d/.test(value),
    message('passwordCharset'),
  ),
);

export const verificationCodeRule = requiredString().check(z.regex(/^\d{6}$/, message('codeFormat')));

export const emailRule = requiredString().check(
  z.maxLength(254, message('textTooLong')),
  z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, message('emailFormat')),
);

/** E-mail as typed into the share form: surrounding spaces are dropped first. */
export const trimmedEmailRule = z.pipe(z.string(message('required')).check(z.trim()), emailRule);

export const phoneRule = requiredString().check(
  z.maxLength(32, message('textTooLong')),
  z.regex(/^[\d+-]+$/, message('phoneFormat')),
);

export const personNameRule = requiredString().check(
  z.maxLength(64, message('textTooLong')),
  z.regex(PERSON_NAME, message('noSpecialCharacters')),
);

/** Names of groups, companies and the like: at most 15 characters, no spaces or special characters. */
export const entityNameRule = requiredString().check(
  z.maxLength(15, message('nameLength')),
  z.refine((value) => !SPACE.test(value), message('noSpaces')),
  z.regex(ENTITY_NAME, message('noSpecialCharacters')),
);

/** A device's serial number: it stands in MQTT usernames and topics (docs/device-protocol.md). */
export const deviceNoRule = requiredString().check(z.regex(DEVICE_NO_PATTERN, message('serialNumberFormat')));

export const NOTICE_FREQUENCIES = [3, 5, 10] as const;
/** Alert push frequency and its period (daily or weekly) for SMS and e-mail. */
export const FREQUENCY_PERIODS = ['daily', 'weekly'] as const;

export const loginSchema = z.object({ username: accountRule, password: passwordRule });
export type LoginForm = z.infer<typeof loginSchema>;

export const passwordChangeSchema = z
  .object({ oldPassword: passwordRule, newPassword: passwordRule, newPassword2: requiredString() })
  .check(
    z.refine((form) => form.newPassword !== form.oldPassword, {
      ...message('passwordSameAsOld'),
      path: ['newPassword'],
    }),
    z.refine((form) => form.newPassword2 === form.newPassword, {
      ...message('passwordsDiffer'),
      path: ['newPassword2'],
    }),
  );
export type PasswordChangeForm = z.infer<typeof passwordChangeSchema>;

const passwordTwice = z.refine<{ password: string; password2: string }>((form) => form.password2 === form.password, {
  ...message('passwordsDiffer'),
  path: ['password2'],
});

/** Sign-up (spec §2 /login, §5): account, password twice, e-mail, and a mobile where SMS is sent. */
export const signUpSchema = z
  .object({
    username: accountRule,
    password: passwordRule,
    password2: requiredString(),
    email: emailRule,
    mobile: z.optional(z.union([z.literal(''), phoneRule])),
  })
  .check(passwordTwice);
export type SignUpForm = z.infer<typeof signUpSchema>;

/** Where a code goes: an e-mail address (it has an @) or a mobile number, each by its own rule. */
export const codeAddressRule = requiredString().check(
  z.refine((value) => !value.includes('@') || emailRule.safeParse(value).success, message('emailFormat')),
  z.refine((value) => value.includes('@') || phoneRule.safeParse(value).success, message('phoneFormat')),
);
export const codeRequestSchema = z.object({ address: codeAddressRule });
export const activationSchema = z.object({ address: codeAddressRule, code: verificationCodeRule });
export type ActivationForm = z.infer<typeof activationSchema>;

/** Forgot password's last step: the code and the new password twice. */
export const passwordResetSchema = z
  .object({ code: verificationCodeRule, password: passwordRule, password2: requiredString() })
  .check(passwordTwice);
export type PasswordResetForm = z.infer<typeof passwordResetSchema>;
