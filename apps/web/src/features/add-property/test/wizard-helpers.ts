import type { FeaturedQuota, Property } from '@baan/contract';
import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { emptyCatalogue, jsonResponse } from '../../../test/http';
import { renderApp } from '../../../test/render-app';
import { signedIn } from '../../../test/users';

type User = ReturnType<typeof userEvent.setup>;

export const SESSION = {
  login: signedIn({ subscription: { is_active: 1, package_id: 1, ends_at: '2026-12-21T00:00:00.000Z' } }),
};

/**
 * The wizard's fetches: GET /api/packages (for the package choice it may send people to), GET /api/user/subscription (checked on entry; active unless `isActive` is false) and
 * GET /api/locations, answered with two places. With `quota`, GET /api/user/featured-quota answers it (else 404, as
 * an older server would); with `listings`, GET /api/user/properties answers them (the owner's own, to edit).
 */
export function stubApi({
  isActive = true,
  quota,
  listings,
}: {
  isActive?: boolean;
  quota?: FeaturedQuota;
  listings?: Property[];
} = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input);
    if (quota && url.includes('/api/user/featured-quota')) return jsonResponse(200, { success: true, payload: quota });
    if (listings && url.includes('/api/user/properties')) {
      const own = listings.map((listing) => ({
        inquiry_count: 0,
        review: 'approved',
        review_reasons: [],
        review_note: null,
        ...listing,
      }));
      return jsonResponse(200, { success: true, payload: own });
    }
    if (url.includes('/api/user/subscription')) {
      return jsonResponse(200, {
        success: true,
        payload: isActive
          ? {
              is_active: 1,
              package_id: 1,
              package_name: 'Basic',
              starts_at: '2026-11-21T00:00:00.000Z',
              ends_at: '2026-12-21T00:00:00.000Z',
              days_left: 30,
              pending_payment: null,
            }
          : {
              is_active: 0,
              package_id: null,
              package_name: null,
              starts_at: null,
              ends_at: null,
              days_left: 0,
              pending_payment: null,
            },
      });
    }
    if (url.includes('/api/packages')) {
      return jsonResponse(200, {
        success: true,
        payload: [{ id: 1, name: 'Basic', price: 990, duration_days: 30, features: ['unlimitedListings'] }],
      });
    }
    if (url.includes('/api/locations')) {
      return jsonResponse(200, {
        success: true,
        payload: [
          {
            display_name: 'Sukhumvit, Khlong Toei, Bangkok',
            lat: 13.7376,
            lon: 100.5601,
            kind: 'neighbourhood',
            name_en: 'Sukhumvit',
            name_th: 'สุขุมวิท',
          },
          {
            display_name: 'Asok (BTS), Bangkok',
            lat: 13.7371,
            lon: 100.5603,
            kind: 'station',
            name_en: 'Asok',
            name_th: 'อโศก',
          },
        ],
      });
    }
    // Home's listings, for the journeys that end there.
    const catalogue = input instanceof Request ? await emptyCatalogue(input, new URL(input.url)) : undefined;
    return catalogue ?? jsonResponse(404, { success: false, message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export async function renderWizard(api: Parameters<typeof stubApi>[0] = {}) {
  stubApi(api);
  const view = await renderApp('/add-property', SESSION);
  // The route is a lazy chunk; its first import in a test run takes a moment.
  await screen.findByRole('heading', { level: 1, name: 'Add your property' }, { timeout: 15_000 });
  return view;
}

/** Step 1, all five choices; the location is chosen from the suggestions. */
export async function completeStepOne(user: User, { skipLocation = false } = {}) {
  await user.click(screen.getByRole('radio', { name: 'Owner' }));
  await user.click(screen.getByRole('radio', { name: 'Residential' }));
  await user.click(screen.getByRole('radio', { name: 'Sale' }));
  await user.click(screen.getByRole('radio', { name: 'Condo' }));
  if (skipLocation) return;
  await user.type(screen.getByRole('combobox', { name: 'Location' }), 'Sukh');
  await user.click(await screen.findByRole('option', { name: /Sukhumvit, Khlong Toei, Bangkok/ }));
}

export const next = () => screen.getByRole('button', { name: 'Next' });

/** The featured choice's Yes or No (the condo's foreign quota asks Yes or No too). */
export const featuredChoice = (name: 'Yes' | 'No') =>
  within(screen.getByRole('group', { name: 'Featured Property' })).getByRole('radio', { name });
