import { useTranslate } from 'ra-core';
import Button, { type ButtonProps } from '@mui/material/Button';
import TranslateIcon from '@mui/icons-material/Translate';
import { LANGUAGE_STORAGE_KEY, switchLanguagePath } from '../boot/routes';
import { useArea } from './area';

/** Stores the choice and reloads the page on the other language's prefix (spec doc1 §1). */
export const switchLanguage = (target: 'en' | 'ar') => {
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, target);
  const { pathname, search, hash } = window.location;
  window.location.assign(`${switchLanguagePath(pathname, target)}${search}${hash}`);
};

export const LanguageSwitch = (props: ButtonProps) => {
  const translate = useTranslate();
  const { language } = useArea();
  const target = language === 'ar' ? 'en' : 'ar';
  return (
    <Button
      color="inherit"
      startIcon={<TranslateIcon />}
      onClick={() => switchLanguage(target)}
      title={translate('app.language.switch_hint')}
      aria-label={translate('app.language.switch_hint')}
      data-testid="language-switch"
      {...props}
    >
      <span lang={target}>{translate('app.language.switch')}</span>
    </Button>
  );
};
