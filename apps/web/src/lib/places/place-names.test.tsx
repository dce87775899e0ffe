import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { initI18n } from '../../i18n';
import { localizePlace } from './localize-place';
import {
  hasPlaceTable,
  PLACE_NAMES_ELEMENT_ID,
  placeName,
  resetPlaceNamesForTest,
  setPlaceTable,
  writtenPlaceNamesScript,
} from './place-names';
import { useLocalizePlace } from './use-localize-place';

const english = (key: string) => key;

function Places({ places }: { places: string[] }) {
  const localize = useLocalizePlace();
  return (
    <ul>
      {places.map((place) => (
        <li key={place}>{localize(place)}</li>
      ))}
    </ul>
  );
}

/** The page as the server wrote it: the script element with the places it rendered. */
function carry(html: string) {
  document.body.insertAdjacentHTML('beforeend', html);
}

beforeAll(async () => {
  await initI18n();
});

describe('place names in the browser: from the page, then from the table (ADR 051)', () => {
  beforeEach(() => resetPlaceNamesForTest());
  afterEach(() => {
    document.getElementById(PLACE_NAMES_ELEMENT_ID)?.remove();
    // The other tests render from the table, as the server does (test/setup.ts).
    setPlaceTable(localizePlace);
  });

  it('hydrates with the names the server wrote, word for word, without loading the table', () => {
    const written = new Map([['ทองหล่อ, วัฒนา, กรุงเทพมหานคร', 'Thonglor, Watthana, Bangkok']]);
    carry(writtenPlaceNamesScript('en', written));
    expect(placeName('ทองหล่อ, วัฒนา, กรุงเทพมหานคร', 'en', english, null)).toBe('Thonglor, Watthana, Bangkok');
    expect(hasPlaceTable()).toBe(false);
    // Another language's names are not this page's.
    expect(placeName('ทองหล่อ, วัฒนา, กรุงเทพมหานคร', 'th', english, null)).toBe('ทองหล่อ, วัฒนา, กรุงเทพมหานคร');
  });

  it('a place the page did not carry shows as written, loads the table, then reads from it', async () => {
    carry(writtenPlaceNamesScript('en', new Map()));
    expect(placeName('สาทร, กรุงเทพมหานคร', 'en', english, null)).toBe('สาทร, กรุงเทพมหานคร');
    await vi.waitFor(() => expect(hasPlaceTable()).toBe(true));
    expect(placeName('สาทร, กรุงเทพมหานคร', 'en', english, null)).toBe(
      localizePlace('สาทร, กรุงเทพมหานคร', 'en', english),
    );
    expect(placeName('สาทร, กรุงเทพมหานคร', 'en', english, null)).not.toBe('สาทร, กรุงเทพมหานคร');
  });

  it('the server records what it rendered; the page carries it with no way for an owner’s text to end the script', () => {
    setPlaceTable(localizePlace);
    const collector = new Map<string, string>();
    placeName('Sukhumvit 24, Khlong Toei, Bangkok', 'th', english, collector);
    placeName('</script><script>alert(1)</script>', 'th', english, collector);
    expect(collector.get('Sukhumvit 24, Khlong Toei, Bangkok')).toBe(
      localizePlace('Sukhumvit 24, Khlong Toei, Bangkok', 'th', english),
    );
    const script = writtenPlaceNamesScript('th', collector);
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(script).toContain('\\u003c/script>');
    carry(script);
    resetPlaceNamesForTest();
    expect(placeName('</script><script>alert(1)</script>', 'th', english, null)).toBe(
      '</script><script>alert(1)</script>',
    );
    expect(placeName('Sukhumvit 24, Khlong Toei, Bangkok', 'th', english, null)).toBe(
      localizePlace('Sukhumvit 24, Khlong Toei, Bangkok', 'th', english),
    );
  });

  it('a component shows the written place, and renders again from the table for one the page lacked', async () => {
    carry(writtenPlaceNamesScript('en', new Map([['ทองหล่อ', 'Thonglor']])));
    await act(async () => {
      render(
        <I18nextProvider i18n={i18n}>
          <MemoryRouter>
            <Places places={['ทองหล่อ', 'อารีย์, พญาไท']} />
          </MemoryRouter>
        </I18nextProvider>,
      );
    });
    expect(screen.getByText('Thonglor')).toBeInTheDocument();
    expect(await screen.findByText(localizePlace('อารีย์, พญาไท', 'en', english))).toBeInTheDocument();
    expect(localizePlace('อารีย์, พญาไท', 'en', english)).not.toBe('อารีย์, พญาไท');
  });
});
