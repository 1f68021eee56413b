import { DownOutlined, TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { HEADER_LANGUAGE_CODES, LANGUAGES, parseLanguage, type Language } from '@mouldwatch/shared';
import { changeLanguage } from '../i18n';

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

  const items: MenuProps['items'] = LANGUAGES.map((language) => ({
    key: HEADER_LANGUAGE_CODES[language],
    label: (
      <span className="mw-language-option" data-testid={`language-option-${HEADER_LANGUAGE_CODES[language]}`}>
        <span>{t(`language.names.${language}`)}</span>
        <span className="mw-language-code">{HEADER_LANGUAGE_CODES[language]}</span>
      </span>
    ),
  }));

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const language = parseLanguage(key);
    if (!language || language === current) return;
    void changeLanguage(language).then(() => onChanged?.(language));
  };

  return (
    <Dropdown
      menu={{ items, onClick, selectable: true, selectedKeys: [HEADER_LANGUAGE_CODES[current]] }}
      trigger={['click']}
      placement="bottomRight"
    >
      <Button
        type="text"
        className={inverted ? 'mw-header-button mw-inverted' : 'mw-header-button'}
        icon={<TranslationOutlined />}
        aria-label={t('language.label')}
        data-testid="language-switch"
      >
        {compact ? HEADER_LANGUAGE_CODES[current] : t(`language.names.${current}`)}
        <DownOutlined className="mw-caret" />
      </Button>
    </Dropdown>
  );
}
