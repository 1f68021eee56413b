import { DownOutlined, TranslationOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseLanguage, type Language } from '@mouldwatch/shared';
import { changeLanguage } from '../i18n';
import { OnFirstUse, firstUsePart } from './OnFirstUse';

/** The dropdown menu (antd's menu) loads on the switch's first use, keeping it out of the login page. */
const languageMenu = firstUsePart(() => import('./LanguageMenu').then((module) => module.LanguageMenu));

interface LanguageSwitchProps {
  /** After the switch (the header saves it to the profile and reloads the menu). */
  onChanged?: (language: Language) => void;
  /** Shows the language's short name only (narrow header). */
  compact?: boolean;
  /** Light text for dark backgrounds. */
  inverted?: boolean;
}

/**
 * Each language's short name in itself, the same in every interface language (so not in the
 * catalogs): a person reads it where a code such as "en_US" means nothing.
 */
const SHORT_NAMES: Record<Language, string> = { zh: '中文', en: 'EN', kor: '한국어', por: 'PT' };

/** Language dropdown; its menu shows each language's name beside the header code (zh_CN, en_US, ko_KR, pt). */
export function LanguageSwitch({ onChanged, compact = false, inverted = false }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation();
  const current = parseLanguage(i18n.language) ?? 'en';
  const select = (language: Language) => {
    void changeLanguage(language).then(() => onChanged?.(language));
  };

  return (
    <OnFirstUse
      part={languageMenu}
      partProps={{ current, onSelect: select }}
      renderButton={(trigger) => (
        <Button
          {...trigger}
          type="text"
          className={inverted ? 'mw-header-button mw-inverted' : 'mw-header-button'}
          icon={<TranslationOutlined />}
          aria-label={t('language.label')}
          data-testid="language-switch"
        >
          {compact ? SHORT_NAMES[current] : t(`language.names.${current}`)}
          <DownOutlined className="mw-caret" />
        </Button>
      )}
    />
  );
}
