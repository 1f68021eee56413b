import type { SERVER_MESSAGES, VALIDATION_MESSAGES } from '@mouldwatch/shared';
import type { en } from './en';
import type { FeatureResources } from './featureNamespaces';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: FeatureResources & {
      translation: typeof en;
      validation: (typeof VALIDATION_MESSAGES)['en'];
      server: (typeof SERVER_MESSAGES)['en'];
    };
  }
}
