import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage } from '../../../i18n';
import thProperty from '../../../locales/th/property.json';
import { jsonResponse, stubFetch } from '../../../test/http';
import { renderApp } from '../../../test/render-app';
import { signedIn } from '../../../test/users';
import type { OwnProperty } from '../api/my-properties-api';

// Issue 16: the owner's own cards name the place in the page's language, as the public cards do.
vi.setConfig({ testTimeout: 30_000 });
afterEach(async () => {
  cleanup();
  if (i18n.isInitialized && i18n.language !== 'en') await changeLanguage('en');
});

function serve(location: string) {
  const own: OwnProperty = {
    id: 5,
    title: 'My condo',
    type: 'sale',
    location,
    price: 3_000_000,
    cover_image: null,
    is_featured: 0,
    status: 'active',
    review: 'approved',
    review_note: null,
    images: [],
  };
  stubFetch((request, url) =>
    request.method === 'GET' && url.pathname === '/api/user/properties'
      ? jsonResponse(200, { success: true, payload: [own] })
      : undefined,
  );
}

describe('the owner’s cards: place names', () => {
  it('at /th: an English location in Thai', async () => {
    serve('Thonglor, Watthana, Bangkok');
    await renderApp('/th/dashboard/properties', { login: signedIn() });
    await screen.findByRole('heading', { level: 1, name: thProperty.dashboard.title }, { timeout: 15_000 });
    const [card] = await screen.findAllByRole('article', {}, { timeout: 15_000 });
    expect(card).toHaveTextContent('ทองหล่อ, วัฒนา, กรุงเทพมหานคร');
  });

  it('in English: a Thai location in English', async () => {
    serve('ทองหล่อ, วัฒนา, กรุงเทพมหานคร');
    await renderApp('/dashboard/properties', { login: signedIn() });
    const [card] = await screen.findAllByRole('article', {}, { timeout: 15_000 });
    expect(card).toHaveTextContent('Thonglor, Watthana, Bangkok');
  });
});
