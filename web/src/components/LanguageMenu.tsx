import { Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { HEADER_LANGUAGE_CODES, LANGUAGES, parseLanguage, type Language } from '@mouldwatch/shared';
import type { FirstUseProps } from './OnFirstUse';

interface LanguageMenuProps extends FirstUseProps {
  current: Language;
  onSelect(language: Language): void;
}

/** The language switch's dropdown menu, loaded (with antd's menu) when the switch is first used. */
export function LanguageMenu({ current, onSelect, open, onOpenChange, renderButton }: LanguageMenuProps) {
  const { t } = useTranslation();

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
    if (language && language !== current) onSelect(language);
  };

  return (
    <Dropdown
      menu={{ items, onClick, selectable: true, selectedKeys: [HEADER_LANGUAGE_CODES[current]] }}
      trigger={['click']}
      placement="bottomRight"
      open={open}
      onOpenChange={onOpenChange}
    >
      {renderButton()}
    </Dropdown>
  );
}
