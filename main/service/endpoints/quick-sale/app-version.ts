import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { settings } from '../../store/setting.js';

/**
 * The version the service ships with; buildNumber is the data schema number, so a till of
 * another build sees whether it still speaks the same data. forceUpdate and updateMessage are
 * settings (`client.forceUpdate` = "1", `client.updateMessage`) head office can set.
 */
export const appVersion = implement(api.QuickSale.appVersion, (_input, ctx) => {
  const store = settings(ctx.db);
  return {
    version: ctx.version,
    buildNumber: String(store.schemaVersion()),
    forceUpdate: store.get('client.forceUpdate') === '1',
    updateMessage: store.get('client.updateMessage') ?? null,
  };
});
