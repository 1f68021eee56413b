import i18n from 'i18next';
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { parseLanguage, type Language } from '@mouldwatch/shared';
import type { FeatureNamespace } from './featureNamespaces';

/** A feature's catalog in each language, each loaded only when needed (`import('./i18n/zh')` …). */
export type FeatureCatalogLoaders = Record<Language, () => Promise<object>>;

const registered = new Map<FeatureNamespace, FeatureCatalogLoaders>();
const loading = new Map<string, Promise<void>>();

/**
 * Screens built after the first visit's bundle keep their texts in catalogs of their own
 * (`features/<feature>/i18n/{en,zh,kor,por}.ts`): a feature's module registers them when its chunk
 * loads, so no text of a screen is downloaded before the screen is opened. The main catalog stays
 * for what every visit shows (login, shell, home). catalogs.test.ts checks every feature catalog.
 */
export function registerFeatureCatalog(namespace: FeatureNamespace, loaders: FeatureCatalogLoaders): void {
  registered.set(namespace, loaders);
}

/** Loads a registered feature catalog in a language (once; later calls share the same promise). */
export function loadFeatureCatalog(namespace: FeatureNamespace, language: Language): Promise<void> {
  const key = `${language}/${namespace}`;
  const loaders = registered.get(namespace);
  if (!loaders) return Promise.reject(new Error(`feature catalog ${namespace} is not registered`));
  let promise = loading.get(key);
  if (!promise) {
    promise = loaders[language]().then((catalog) => {
      i18n.addResourceBundle(language, namespace, catalog);
    });
    promise.catch(() => loading.delete(key));
    loading.set(key, promise);
  }
  return promise;
}

/** Before the language changes: every feature catalog registered so far, in the new language. */
export async function loadRegisteredCatalogs(language: Language): Promise<void> {
  await Promise.all([...registered.keys()].map((namespace) => loadFeatureCatalog(namespace, language)));
}

/**
 * `useTranslation` for a feature's namespace: the component suspends (the screen's spinner shows)
 * until the catalog of the interface language has loaded; a catalog that cannot load reaches the
 * screen's LoadFailedBoundary.
 */
export function useFeatureTranslation<N extends FeatureNamespace>(namespace: N) {
  const language = parseLanguage(i18n.language) ?? 'en';
  if (!i18n.hasResourceBundle(language, namespace)) use(loadFeatureCatalog(namespace, language));
  return useTranslation(namespace);
}
