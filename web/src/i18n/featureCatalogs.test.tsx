import { Suspense, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n, initI18n } from './index';
import { registerFeatureCatalog, useFeatureTranslation } from './featureCatalogs';

let deliverEnglish: (catalog: object) => void = () => undefined;
const loaders = {
  en: vi.fn(() => new Promise<object>((resolve) => (deliverEnglish = resolve))),
  zh: vi.fn(() => Promise.resolve({ search: '搜索' })),
  kor: vi.fn(() => Promise.resolve({ search: '검색' })),
  por: vi.fn(() => Promise.resolve({ search: 'Pesquisar' })),
};

/** A part with a hook of its own before the catalog's, whose catalog is in at once (React replays it). */
function CountedLabel() {
  const [count] = useState(3);
  const { t } = useFeatureTranslation('adminList');
  return <span>{`${t('search')} ${count}`}</span>;
}

function SearchLabel() {
  const { t } = useFeatureTranslation('adminList');
  return <span>{t('search')}</span>;
}

/** Rendered as in the browser (no act): React retries a suspended screen by itself when its promise settles. */
const container = document.createElement('div');
let root: Root;
/** React shows a boundary's content at the earliest 300 ms after its fallback (its throttle). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 400));

/** What React reported: its development build reports a misuse of use() (production throws, error 467). */
const reports: string[] = [];

describe('feature catalogs', () => {
  const actEnvironment = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT');
  beforeAll(async () => {
    Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false);
    localStorage.setItem('language', 'en');
    await initI18n();
    await changeLanguage('en');
    registerFeatureCatalog('adminList', loaders);
    root = createRoot(container);
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void reports.push(args.join(' ')));
  });
  afterEach(() => {
    expect(reports).toEqual([]);
  });
  afterAll(() => {
    root.unmount();
    Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment);
    vi.restoreAllMocks();
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

  it('let a part with hooks of its own render when its catalog arrives at once (no error 467 on the replay)', async () => {
    // i18next's own switch, not the console's: the Chinese catalog is not loaded beforehand.
    await i18n.changeLanguage('zh');
    const errors: unknown[] = [];
    const element = document.createElement('div');
    const quickRoot = createRoot(element, { onUncaughtError: (error) => errors.push(error) });
    quickRoot.render(
      <Suspense fallback={<span>loading</span>}>
        <CountedLabel />
      </Suspense>,
    );
    await settled();
    const shown = element.textContent;
    quickRoot.unmount();
    expect(errors).toEqual([]);
    expect(shown).toBe('搜索 3');
    expect(loaders.zh).toHaveBeenCalledTimes(1);
  });
});
