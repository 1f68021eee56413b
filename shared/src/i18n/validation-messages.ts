import { VALIDATION_MESSAGES_ZH } from './validation-messages.zh.js';
import { VALIDATION_MESSAGES_KOR } from './validation-messages.kor.js';
import { VALIDATION_MESSAGES_POR } from './validation-messages.por.js';
import type { Language } from './languages.js';

/**
 * Texts of the validation rules (spec §5). The shared zod rules use these keys as their messages;
 * the web shows the text under the field, the server puts it in `msg` after the field name.
 */
const en = {
  passwordEncoding: 'Must be sent base64-encoded',
  required: 'Required',
  accountLength: 'Must be 3 to 32 characters',
  noSpaces: 'Must not contain spaces',
  noChinese: 'Must not contain Chinese characters',
  passwordLength: 'Must be 6 to 16 characters',
  passwordCharset: 'Use letters and digits only, with at least one of each',
  passwordSameAsOld: 'The new password must differ from the old one',
  passwordsDiffer: 'The two passwords do not match',
  codeFormat: 'Must be exactly 6 digits',
  emailFormat: 'Enter a valid e-mail address',
  phoneFormat: 'Use digits, + and - only',
  noSpecialCharacters: 'Must not contain special characters',
  nameLength: 'At most 15 characters',
  frequencyChoice: 'Choose 3, 5 or 10',
  textTooLong: 'Too long',
  serialNumberFormat: 'Number error: use 3 to 64 letters, digits, - or _',
  noNulCharacter: 'Must not contain a NUL character',
  // mold-server
  oneDecimal: 'At most one decimal',
  twoDecimals: 'At most two decimals',
  notZero: 'Cannot be 0',
  wholeNumber: 'Enter a whole number (0 or more, no leading zeros)',
  range1to500: 'Enter a value between 1 and 500',
  /** A temperature setting's bounds in the user's unit (web only: the figures come with the unit). */
  temperatureRange: 'Enter a value between {{min}} and {{max}} {{unit}}',
  tooLarge: 'Too large',
  moldNumberFormat: 'Use letters, digits and _ # / ( ) only',
  timeZoneChoice: 'Choose a time zone from the list',
  temperatureOrder: 'Fill in the channels in order: start from the last filled position',
  tooManyChannels: 'Too many channels',
  cycleThresholdMin: 'The cycle threshold must be at least 60 s',
  earlyBelowAlert: 'The early alert must be less than the alert',
  stopAfterIdle: 'The base stop time must be longer than the base idle time',
  oeeRange: 'Enter a percentage between 1 and 100',
  // org-companies
  tagLength: 'At most 32 characters',
  // roles
  roleNameLength: 'At most 32 characters',
  menuItemUnknown: 'No such menu item',
  actionNotGrantable: 'This menu item cannot grant this action',
  // users
  roleRequired: 'Choose a role',
  moldIdsFormat: 'Use mould ids separated by commas',
  moldIdsOrChange: "Send moldIds or the tree's change",
  // work-orders
  orderNoFormat: 'Use letters, digits and _ - # / ( ) only',
  orderNoLength: 'At most 32 characters',
  rejectQuantity: 'Enter a whole number of at least 1',
  // map
  latitudeRange: 'Latitude must be between -90 and 90',
  longitudeRange: 'Longitude must be between -180 and 180',
  locationLabelLength: 'At most 64 characters',
  bssidFormat: 'Use a BSSID like AA:BB:CC:DD:EE:FF',
  accuracyRange: 'Accuracy must be between 1 and 5000 m',
  // maintenance
  tooManyItems: 'Too many items',
  // renewal
  countryCode: 'Choose a country',
  renewalPickMoulds: 'Choose at least one mould',
  renewalYears: 'Choose 1 to 5 years',
  accountNumberFormat: 'Enter a valid account number: 6 to 34 digits, or an IBAN',
} as const;

export type ValidationMessageKey = keyof typeof en;
export type ValidationMessageCatalog = Record<ValidationMessageKey, string>;

export const VALIDATION_MESSAGES: Record<Language, ValidationMessageCatalog> = {
  en,
  zh: VALIDATION_MESSAGES_ZH,
  kor: VALIDATION_MESSAGES_KOR,
  por: VALIDATION_MESSAGES_POR,
};
/** Each language on its own, so the console loads only the chosen one (with its language pack). */
export { en as VALIDATION_MESSAGES_EN };
export { VALIDATION_MESSAGES_ZH } from './validation-messages.zh.js';
export { VALIDATION_MESSAGES_KOR } from './validation-messages.kor.js';
export { VALIDATION_MESSAGES_POR } from './validation-messages.por.js';
