import { isLanguage } from '@baan/contract';
import { Globe } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, LANGUAGE_NAMES, LANGUAGES } from '../../i18n';

export function LanguageSwitcher({ isOnDark }: { isOnDark: boolean }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const value = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : currentLanguage();

  return (
    <div className="relative flex items-center">
      <label htmlFor={id} className="sr-only">
        {t('header.language')}
      </label>
      <Globe className="pointer-events-none absolute left-2 size-4" aria-hidden="true" />
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const next = event.target.value;
          if (isLanguage(next)) void changeLanguage(next);
        }}
        className={`cursor-pointer appearance-none rounded-md border py-1 pr-3 pl-7 text-xs font-medium ${
          isOnDark ? 'border-white/30 bg-white/10 text-white' : 'border-slate-300 bg-white text-slate-700'
        }`}
      >
        {LANGUAGES.map((language) => (
          <option
            key={language}
            value={language}
            lang={language === 'TW' ? 'zh-Hant' : language}
            className="text-slate-900"
          >
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
