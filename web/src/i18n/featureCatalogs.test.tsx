import { Suspense } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n, initI18n } from './index';
import { registerFeatureCatalog, useFeatureTranslation } from './featureCatalogs';

let deliverEnglish: (catalog: object) => void = () => undefined;
const loaders = {
  en: vi.fn(() => new Promise<object>((resolve) => (deliverEnglish = resolve))),
  zh: vi.fn(() => Promise.resolve({ search: '搜索' })),
  kor: vi.fn(() => Promise.resolve({ search: '검색' })),
  por: vi.fn(() => Promise.resolve({ search: 'Pesquisar' })),
};

function SearchLabel() {
  const { t } = useFeatureTranslation('adminList');
  return <span>{t('search')}</span>;
}

/** Rendered as in the browser (no act): React retries a suspended screen by itself when its promise settles. */
const container = document.createElement('div');
let root: Root;
/** React shows a boundary's content at the earliest 300 ms after its fallback (its throttle). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 400));

describe('feature catalogs', () => {
  const actEnvironment = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT');
  beforeAll(async () => {
    Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false);
    localStorage.setItem('language', 'en');
    await initI18n();
    await changeLanguage('en');
    registerFeatureCatalog('adminList', loaders);
    root = createRoot(container);
  });
  afterAll(() => {
    root.unmount();
    Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment);
  });

  it('suspend the screen until its catalog has loaded, then show its text', async () => {
    root.render(
      <Suspense fallback={<span>loading</span>}>
        <SearchLabel />
      </Suspense>,
    );
    await settled();
    expect(container.textContent).toBe('loading');
    expect(loaders.en).toHaveBeenCalledTimes(1);
    deliverEnglish({ search: 'Search' });
    await settled();
    expect(container.textContent).toBe('Search');
    expect(loaders.zh).not.toHaveBeenCalled();
  });

  it('load in the new language before the language changes, so no key ever shows', async () => {
    await changeLanguage('kor');
    expect(i18n.hasResourceBundle('kor', 'adminList')).toBe(true);
    await settled();
    expect(container.textContent).toBe('검색');
    expect(loaders.zh).not.toHaveBeenCalled();
    expect(loaders.kor).toHaveBeenCalledTimes(1);
  });
});
