import { Dropdown, type MenuProps } from 'antd';
import { useEffect, useRef, useState, type ReactElement, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { HEADER_LANGUAGE_CODES, LANGUAGES, parseLanguage, type Language } from '@mouldwatch/shared';

interface LanguageMenuProps {
  current: Language;
  onSelect(language: Language): void;
  /** The switch's button, which opens and closes the menu. */
  renderButton(ref: Ref<HTMLButtonElement>): ReactElement;
}

/**
 * The language switch's dropdown menu, loaded (with antd's menu) when the switch is first used. It
 * shows when the switch is first clicked, so it opens at once.
 */
export function LanguageMenu({ current, onSelect, renderButton }: LanguageMenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const button = useRef<HTMLButtonElement>(null);

  // This button replaced the one just clicked: give it the focus that one had.
  useEffect(() => {
    button.current?.focus({ preventScroll: true });
  }, []);

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
      onOpenChange={setOpen}
    >
      {renderButton(button)}
    </Dropdown>
  );
}
