import type { SERVER_MESSAGES, VALIDATION_MESSAGES } from '@mouldwatch/shared';
import type { en } from './en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en;
      validation: (typeof VALIDATION_MESSAGES)['en'];
      server: (typeof SERVER_MESSAGES)['en'];
    };
  }
}
