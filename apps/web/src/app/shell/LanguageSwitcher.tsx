import { isLanguage, localizedPath } from '@baan/contract';
import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Globe } from '../../components/ui/icons';
import { LANGUAGE_NAMES, LANGUAGES, storeLanguage } from '../../i18n';
import { unprefixedPath, usePageLanguage } from '../../i18n/localized-router';
import { useTranslation } from '../../i18n/use-translation';

/** Goes to the same page in the chosen language (its own URL) and remembers the choice for the next visit. */
export function LanguageSwitcher({ isOnDark }: { isOnDark: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const language = usePageLanguage();
  const { pathname, search, hash, state } = useLocation();
  const navigate = useNavigate();

  return (
    <div className="relative flex items-center">
      <label htmlFor={id} className="sr-only">
        {t('header.language')}
      </label>
      <Globe className="pointer-events-none absolute left-2 size-4" aria-hidden="true" />
      <select
        id={id}
        value={language}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLanguage(next)) return;
          storeLanguage(next);
          // The same page, with what it was given (a checkout's chosen package and billing details) kept.
          navigate(`${localizedPath(next, unprefixedPath(pathname))}${search}${hash}`, {
            state,
            preventScrollReset: true,
          });
        }}
        className={`cursor-pointer appearance-none rounded-md border py-1 pr-3 pl-7 text-xs font-medium ${
          isOnDark ? 'border-white/30 bg-white/10 text-white' : 'border-slate-300 bg-white text-slate-700'
        }`}
      >
        {LANGUAGES.map((option) => (
          <option key={option} value={option} lang={option === 'TW' ? 'zh-Hant' : option} className="text-slate-900">
            {LANGUAGE_NAMES[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
