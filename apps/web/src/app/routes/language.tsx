import { localizedPath } from '@baan/contract';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MainLayout } from '../../components/layout/MainLayout';
import { readStoredLanguage } from '../../i18n';
import { usePageLanguage } from '../../i18n/localized-router';

const CRAWLER = /bot|crawl|spider|slurp|preview|facebookexternalhit|embedly|lighthouse|headlesschrome/i;

/**
 * A visitor who chose another language before is brought to it when they land on an English (unprefixed) page;
 * crawlers and link previews never are, so every language's URL is seen as it is.
 */
function BringToStoredLanguage() {
  const language = usePageLanguage();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (language !== 'en' || CRAWLER.test(navigator.userAgent)) return;
    const stored = readStoredLanguage();
    if (stored !== 'en') navigate(`${localizedPath(stored, pathname)}${search}${hash}`, { replace: true });
  }, [language, pathname, search, hash, navigate]);
  return null;
}

/** `/:lang?`: every page, in the language its URL names, inside the header and footer. */
export default function Language() {
  return (
    <>
      <BringToStoredLanguage />
      <MainLayout />
    </>
  );
}
