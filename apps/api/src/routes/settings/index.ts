import { HomeSettingsResponse } from '@baan/contract';
import { ok } from '../../lib/envelope.ts';
import type { RoutesPlugin } from '../../lib/route-schemas.ts';
import { cachedHomeSettings } from '../../services/reads/listing-reads.ts';

/** What the public pages show of the admin's settings: the home page's headline per language. */
const settingsRoutes: RoutesPlugin = async (app) => {
  app.get('/settings/home', { schema: { response: { 200: HomeSettingsResponse } } }, async () =>
    ok(await cachedHomeSettings(app)),
  );
};

export default settingsRoutes;
