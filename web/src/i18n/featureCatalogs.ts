import i18n from 'i18next';
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { parseLanguage, type Language } from '@mouldwatch/shared';
import type { FeatureNamespace } from './featureNamespaces';

/** A feature's catalog in each language, each loaded only when needed (`import('./i18n/zh')` …). */
export type FeatureCatalogLoaders = Record<Language, () => Promise<object>>;

const registered = new Map<FeatureNamespace, FeatureCatalogLoaders>();
const loading = new Map<string, Promise<void>>();

/** A promise React's use() reads as settled without waiting (its thenable status fields). */
type TrackedPromise = Promise<void> & { status?: 'fulfilled'; value?: undefined };
const LOADED: TrackedPromise = Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined });

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
    const tracked: TrackedPromise = loaders[language]().then((catalog) => {
      i18n.addResourceBundle(language, namespace, catalog);
      Object.assign(tracked, { status: 'fulfilled', value: undefined });
    });
    promise = tracked;
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
export function useFeatureTranslation<N extends FeatureNamespace>(namespace: N, fixedLanguage?: Language) {
  const language = fixedLanguage ?? parseLanguage(i18n.language) ?? 'en';
  // use() on every render, settled or not: React replays a part whose promise settled at once and
  // expects the same use() calls then (else error 467 in production).
  use(i18n.hasResourceBundle(language, namespace) ? LOADED : loadFeatureCatalog(namespace, language));
  // A page in a language of its own (the unsubscribe page's `lang`) reads that language's texts.
  return useTranslation(namespace, fixedLanguage ? { lng: fixedLanguage } : undefined);
}
