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
  treeIdsUnknown: 'Invalid input: {field}: not of your organisation: {ids}',
  // alarm-pages
  alarmNotFound: 'The alarm does not exist',
  alarmTypeInvalid: 'Invalid input: alarm_type: one or more alarm types 1 to 5, separated by commas',
  alarmWindowReversed: 'Invalid input: start: must not be after end',
  // alerts-delivery
  unsubscribed: 'Unsubscribed successfully',
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid',
  // accounts
  signUpClosed: 'Sign-up is closed on this console: ask your administrator for an account',
  accountNotActivated: 'This account is not activated yet: enter the code we sent, or ask for a new one',
  codeSent: 'If an account uses this address, a 6-digit code is on its way; it is valid for 10 minutes',
  signUpCodeSent: 'Check your mail: we sent a 6-digit code to finish signing up; it is valid for 10 minutes',
  codeInvalid: 'The verification code is wrong or no longer valid: check it, or ask for a new one',
  accountActivated: 'Account activated, welcome',
  passwordReset: 'Password set, please log in with the new password',
  emailNotConfigured: 'This console sends no e-mail (SMTP_URL is not set): ask your administrator',
  smsNotConfigured: 'This console sends no SMS (SMS_URL is not set): use e-mail instead',
  // work-orders
  orderEditWorking: 'Order cannot be edited in working status',
  orderEditCompleted: 'Order cannot be edited in the completed status',
  workOrderNotFound: 'The work order does not exist',
  orderNoTaken: 'order_no: the order ID {order_no} already exists',
  moldHasWorkingOrder: 'This mould already has a working order ({order_no}): stop it or let it finish first',
  orderNotStartable: 'Only an order that has not started yet can be started',
  orderNotStoppable: 'Only a working order can be stopped',
  orderRejectNotStarted: 'Rejects can be recorded once the order has started',
  orderDeleteWorking: 'A working order cannot be deleted: stop it first',
  // map
  accessPointNotFound: 'The access point does not exist',
  accessPointExists: 'An access point with this BSSID exists already',
  // reports
  reportEndNotAfterStart: 'Invalid input: end: the end must be after the start',
  reportTooManyBuckets:
    'Invalid input: range: a report holds at most {max} buckets; choose a larger bucket or a shorter period',
  reportTooManyMoulds: 'Invalid input: mold_ids: a report covers at most {max} moulds',
  reportTooLarge:
    'Invalid input: range: {moulds} moulds × {buckets} buckets is more than {max} figures; choose fewer moulds or a larger bucket',
  reportCycleWindowTooLong: 'Invalid input: end: the cycle-time report reads the raw cycles of at most {days} days',
  // sharing
  moldAlreadyShared: 'This mould has been shared',
  shareSelf: 'Invalid input: email: you cannot share moulds with yourself',
  shareRoleNotViewer: 'Invalid input: role: choose one of the viewer roles',
  shareNotFound: 'The share does not exist',
  shareLinkInvalid: 'This share link is not valid',
  shareLinkExpired: 'This share link has expired: ask the sender to share again',
  shareLinkUsed: 'This share link has been used already: log in with your account',
  invitationSent: 'Invitation sent',
  shareRevoked: 'Share revoked',
  shareDeclined: 'Share removed from your moulds',

  // renewal
  renewalNotFound: 'The renewal order does not exist',
  renewalNotUnpaid: 'Only an unpaid order can be changed or cancelled',
  renewalBankCountry: "Invalid input: country: the remitting bank must be in the receiving bank's country ({country})",
  renewalMoldInUnpaid: 'Mould {mold} is already in unpaid order {order}: pay or cancel that order first',
  renewalNoPrice: 'Invalid input: country: there is no price for {country}',
  renewalMoldsNotRenewable: 'Invalid input: mold_ids: you cannot renew the moulds {ids}',
  renewalNotRemitted: 'The remittance information has not been filled in yet',
  renewalOperatorKey: 'Operator key missing or wrong',
  renewalCancelled: 'Renewal cancelled',
  renewalRemitted: 'Remittance information saved: activation within 3 working days of confirmation',
  renewalConfirmed: 'Payment confirmed: subscriptions extended',
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
