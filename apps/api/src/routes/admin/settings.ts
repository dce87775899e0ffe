import { HomeSettingsResponse, SETTINGS_MESSAGES, UpdateHomeSettingsRequest } from '@baan/contract';
import { ok } from '../../lib/envelope.ts';
import type { RoutesPlugin } from '../../lib/route-schemas.ts';
import { invalidateListings } from '../../services/reads/listing-reads.ts';
import { getHomeSettings, updateHomeSettings } from '../../services/settings/home-settings.ts';
import { actor } from './params.ts';

/** Site settings in the console: the home page's headline in each language. */
const adminSettings: RoutesPlugin = async (app) => {
  app.get('/admin/settings/home', { schema: { response: { 200: HomeSettingsResponse } } }, async () =>
    ok(await getHomeSettings(app.db)),
  );

  app.put(
    '/admin/settings/home',
    { schema: { body: UpdateHomeSettingsRequest, response: { 200: HomeSettingsResponse } } },
    async (request) => {
      const settings = await updateHomeSettings(app.db, request.body, actor(request), app.clock.now());
      // The home page is kept rendered in the listing read cache: every node drops it (and the settings read).
      await invalidateListings(app, 'admin: home settings');
      request.log.info('home settings updated');
      return ok(settings, SETTINGS_MESSAGES.saved);
    },
  );
};

export default adminSettings;
