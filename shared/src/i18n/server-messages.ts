import { SERVER_MESSAGES_ZH } from './server-messages.zh.js';
import { SERVER_MESSAGES_KOR } from './server-messages.kor.js';
import { SERVER_MESSAGES_POR } from './server-messages.por.js';
import { FALLBACK_LANGUAGE, type Language } from './languages.js';

/**
 * Messages the server puts in `msg`. Numbered keys are the spec's; the others are named by meaning.
 * `{name}` placeholders are filled by `serverMessage`.
 */
const en = {
  ok: 'Success',
  networkError: 'Network error',
  loginRequired: 'Please login first',
  alreadyLoggedIn: 'Do not repeat login',
  noPermission: 'No permission',
  notFound: 'Not found',
  invalidInput: 'Invalid input: {detail}',
  loginFailed: 'Wrong account or password',
  accountDisabled: 'This account is disabled',
  tooManyAttempts: 'Too many attempts, please try again in {minutes} minutes',
  tooManyAttemptsSeconds: 'Too many attempts, please try again in {seconds} seconds',
  tooManyRequests: 'Too many requests, please slow down',
  oldPasswordWrong: 'The old password is wrong',
  passwordSameAsOld: 'The new password must differ from the old one',
  passwordsDiffer: 'The two new passwords do not match',
  passwordChanged: 'Password changed, please log in again',
  loggedIn: 'Login successful',
  loggedOut: 'Logout successful',
  modified: 'Modified successfully',
  deleted: 'Deleted successfully',
  added: 'Added successfully',
  moldNotFound: 'The mould does not exist',
  moldSharedReadOnly: 'This mould is shared by others and cannot be modified',
  requiredIncomplete: 'required information item is incomplete',
  internalError: 'Server error, please try again later',
  databaseUnavailable: 'The database is unavailable, please try again in a moment',
  deviceNoTaken: 'This serial number is already registered',
  deviceNotFound: 'The device does not exist',
  deviceTokenInvalid: 'Invalid device token',
  windowBothEndsRequired: 'Invalid input: real time needs a start and an end',
  windowEndNotAfterStart: 'Invalid input: the end (now, when none is given) must be after the start',
  windowTooLong:
    'Invalid input: one {range} read spans at most {days} days from start to end (now, when no end is given)',
  historyReadsBusy: 'Too many history reads at once: please wait for the ones under way',
  '20287': 'You are already logged in',
  '20518': 'Your account has no menu permissions, please contact the administrator',
  '20338': 'Please select at least one mould to share',
  '20450': 'This node cannot be selected',
  '20439': 'This group has no moulds',
  '20440': 'This group contains moulds that cannot be selected',
  '20288': 'Share created',
  '20289': 'Link copied',
  '20282': 'Personal information saved',
  // mold-server
  deviceBoundElsewhere: 'This device is bound to another mould: unbind it there first',
  groupNotFound: 'The mould group does not exist in this company',
  imageMissing: 'Choose an image file to upload',
  imageTooLarge: 'The image is larger than 2 MB',
  imageTypeUnsupported: 'Upload a JPEG, PNG or WebP image',
  // org-companies
  companyNotFound: 'The company does not exist',
  moldGroupNotFound: 'The mould group does not exist',
  tagNotFound: 'The tag does not exist',
  unknownCompanyId: 'Invalid input: company_id: the company does not exist',
  companyNameTaken: 'name: a company with this name already exists',
  moldGroupNameTaken: 'name: this company already has a mould group with this name',
  companyHasGroups: 'This company still has {count} mould group(s): delete them first',
  moldGroupMoldsNotWritable:
    'This mould group holds {count} mould(s) you may not delete (shared to you or not assigned to you)',
  moldGroupMoldsNoDelete: 'This mould group holds moulds, and your role may not delete moulds',
  // roles
  roleNotFound: 'The role does not exist',
  roleNameTaken: 'name: a role named "{name}" already exists',
  roleInUse: 'This role is held by {count} user(s): give them another role before deleting it',
  roleOwnAccessKept: 'Your own role must keep view and edit on the Role page, or you could not come back to it',
  roleOwnDelete: 'You cannot delete your own role',
  // users
  userNotFound: 'The user does not exist',
  usernameTaken: 'username: This user name is already taken',
  unknownRole: 'Invalid input: role: the role does not exist',
  cannotDeleteSelf: 'You cannot delete your own account',
  cannotDisableSelf: 'You cannot disable your own account',
  moldsNotDistributable: 'Invalid input: moldIds: you cannot distribute the moulds {ids}',
} as const;

export type ServerMessageKey = keyof typeof en;
export type ServerMessageCatalog = Record<ServerMessageKey, string>;

export const SERVER_MESSAGES: Record<Language, ServerMessageCatalog> = {
  en,
  zh: SERVER_MESSAGES_ZH,
  kor: SERVER_MESSAGES_KOR,
  por: SERVER_MESSAGES_POR,
};
/** Each language on its own, so the console loads only the chosen one (with its language pack). */
export { en as SERVER_MESSAGES_EN };
export { SERVER_MESSAGES_ZH } from './server-messages.zh.js';
export { SERVER_MESSAGES_KOR } from './server-messages.kor.js';
export { SERVER_MESSAGES_POR } from './server-messages.por.js';

/** The message in the language, with `{name}` placeholders filled. */
export function serverMessage(
  language: Language | undefined,
  key: ServerMessageKey,
  values: Record<string, string | number> = {},
): string {
  const template = SERVER_MESSAGES[language ?? FALLBACK_LANGUAGE][key];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}

/** Numbered spec keys travel as `key` in the envelope. */
export function isNumberedKey(key: ServerMessageKey): boolean {
  return /^\d+$/.test(key);
}
