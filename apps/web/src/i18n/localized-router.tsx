/**
 * Links and navigation that stay in the page's language. Every app path is written as the English one (`/Quick`);
 * these wrap React Router's so a Thai page's links lead to `/th/Quick`. Import Link, NavLink, Navigate and
 * useNavigate from here, not from react-router (biome.json enforces it).
 */
import { type Language, languageFromPrefix, localizedPath, splitLanguagePath } from '@baan/contract';
import { forwardRef, useCallback } from 'react';
import {
  type LinkProps,
  type NavigateOptions,
  type NavigateProps,
  type NavLinkProps,
  Link as RouterLink,
  Navigate as RouterNavigate,
  NavLink as RouterNavLink,
  type To,
  useParams,
  useNavigate as useRouterNavigate,
} from 'react-router';

/** The language of the page being shown: its URL's prefix (none is English). */
export function usePageLanguage(): Language {
  return languageFromPrefix(useParams().lang) ?? 'en';
}

/** An app path (written in English form) in a language. Only absolute paths change; relative ones and numbers stay. */
export function localizeTo(language: Language, to: To): To {
  if (typeof to === 'string') return to.startsWith('/') ? localizedPath(language, to) : to;
  if (to.pathname?.startsWith('/')) return { ...to, pathname: localizedPath(language, to.pathname) };
  return to;
}

/** The path of the page without its language prefix (`/th/Quick` → `/Quick`): what routes compare against. */
export function unprefixedPath(pathname: string): string {
  return splitLanguagePath(pathname).path;
}

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, ...props }, ref) {
  return <RouterLink ref={ref} to={localizeTo(usePageLanguage(), to)} {...props} />;
});

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink({ to, ...props }, ref) {
  return <RouterNavLink ref={ref} to={localizeTo(usePageLanguage(), to)} {...props} />;
});

export function Navigate({ to, ...props }: NavigateProps) {
  return <RouterNavigate to={localizeTo(usePageLanguage(), to)} {...props} />;
}

/** useNavigate that keeps the page's language; `navigate(-1)` still goes back. */
export function useNavigate() {
  const navigate = useRouterNavigate();
  const language = usePageLanguage();
  return useCallback(
    (to: To | number, options?: NavigateOptions) =>
      typeof to === 'number' ? navigate(to) : navigate(localizeTo(language, to), options),
    [navigate, language],
  );
}
