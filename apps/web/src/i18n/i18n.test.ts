import { afterAll, describe, expect, it } from 'vitest';
import thAdmin from '../locales/th/admin.json';
import thPages from '../locales/th/pages.json';
import i18n, { CORE_NAMESPACES, changeLanguage, initI18n, loadNamespaces, NAMESPACES } from './index';

describe('i18n: namespaces load with the screens that use them', () => {
  afterAll(async () => {
    await changeLanguage('en');
  });

  it('knows every namespace file, and ships only the core ones in English from the start', async () => {
    await initI18n();
    expect([...NAMESPACES].sort()).toEqual(
      [
        'admin',
        'agencies',
        'agents',
        'auth',
        'common',
        'contact',
        'conversations',
        'dashboard',
        'guides',
        'listings',
        'locations',
        'map',
        'pages',
        'payments',
        'privacy',
        'projects',
        'property',
        'saved',
        'stats',
        'tools',
        'units',
        'viewings',
      ].sort(),
    );
    for (const namespace of CORE_NAMESPACES) expect(i18n.hasResourceBundle('en', namespace)).toBe(true);
    expect(i18n.hasResourceBundle('en', 'admin')).toBe(false);
    expect(i18n.t('header.adminConsole')).toBe('Admin console');
  });

  it('loads a namespace on demand', async () => {
    await loadNamespaces(['admin']);
    expect(i18n.t('title', { ns: 'admin' })).toBe('Admin console');
  });

  it('switching language loads the namespaces already in use in that language; later ones follow it', async () => {
    await changeLanguage('th');
    expect(i18n.t('title', { ns: 'admin' })).toBe(thAdmin.title);
    expect(i18n.hasResourceBundle('th', 'pages')).toBe(false);
    await loadNamespaces(['pages']);
    expect(i18n.t('faq.title', { ns: 'pages' })).toBe(thPages.faq.title);
  });
});
