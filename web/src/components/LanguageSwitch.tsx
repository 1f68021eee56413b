import { DownOutlined, TranslationOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Suspense, lazy, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { HEADER_LANGUAGE_CODES, parseLanguage, type Language } from '@mouldwatch/shared';
import { changeLanguage } from '../i18n';

/** The dropdown menu (antd's menu) loads on the switch's first use, keeping it out of the login page. */
const loadMenu = () => import('./LanguageMenu');
const LanguageMenu = lazy(() => loadMenu().then((module) => ({ default: module.LanguageMenu })));

/** Starts loading the menu when the pointer or the focus reaches the switch, before it is clicked. */
function preloadMenu(): void {
  void loadMenu().catch(() => undefined);
}

interface LanguageSwitchProps {
  /** After the switch (the header saves it to the profile and reloads the menu). */
  onChanged?: (language: Language) => void;
  /** Shows the code only (narrow header). */
  compact?: boolean;
  /** Light text for dark backgrounds. */
  inverted?: boolean;
}

/** Language dropdown with the header codes zh_CN, en_US, ko_KR, pt. */
export function LanguageSwitch({ onChanged, compact = false, inverted = false }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation();
  const current = parseLanguage(i18n.language) ?? 'en';
  /** Clicked once: from then on the loaded menu's dropdown drives the button. */
  const [used, setUsed] = useState(false);

  const renderButton = (ref?: Ref<HTMLButtonElement>) => (
    <Button
      ref={ref}
      type="text"
      className={inverted ? 'mw-header-button mw-inverted' : 'mw-header-button'}
      icon={<TranslationOutlined />}
      aria-label={t('language.label')}
      data-testid="language-switch"
      {...(used ? {} : { onPointerEnter: preloadMenu, onFocus: preloadMenu, onClick: () => setUsed(true) })}
    >
      {compact ? HEADER_LANGUAGE_CODES[current] : t(`language.names.${current}`)}
      <DownOutlined className="mw-caret" />
    </Button>
  );

  if (!used) return renderButton();
  const select = (language: Language) => {
    void changeLanguage(language).then(() => onChanged?.(language));
  };
  return (
    <Suspense fallback={renderButton()}>
      <LanguageMenu current={current} onSelect={select} renderButton={renderButton} />
    </Suspense>
  );
}
