import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

function setMeta(name: string, content: string) {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.append(meta);
  }
  meta.content = content;
}

/** Sets the document title and description for a page, again whenever the language changes. */
export function usePageMeta(title: string | undefined, description: string | undefined) {
  // `t` changes with the language, so the effect runs again after a switch.
  const { t } = useTranslation('listings');
  useEffect(() => {
    if (!title) return;
    document.title = t('meta.titleTemplate', { title });
    if (description) setMeta('description', description);
  }, [title, description, t]);
}
