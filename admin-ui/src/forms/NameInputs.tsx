import { TextInput } from 'react-admin';
import { useArea } from '../shell/area';
import { FormCell } from './FormSection';
import { inArabic, inEnglish } from './directions';

/**
 * A record's English and Arabic names (`name_en`, `name_ar`), each typed in its own direction; the
 * page's language first, since that is the name the person at the desk thinks of.
 */
export const NameInputs = () => {
  const { language } = useArea();
  const inputs = {
    en: <TextInput source="name_en" isRequired fullWidth slotProps={inEnglish} />,
    ar: <TextInput source="name_ar" isRequired fullWidth slotProps={inArabic} />,
  };
  const order = language === 'ar' ? (['ar', 'en'] as const) : (['en', 'ar'] as const);
  return (
    <>
      {order.map((lang) => (
        <FormCell key={lang}>{inputs[lang]}</FormCell>
      ))}
    </>
  );
};
