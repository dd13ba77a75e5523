import { ulid } from 'ulid';
import { createPaperAccountState } from '../../broker-adapters/paper/account-state';
import { createPaperAdapter } from '../../broker-adapters/paper/paper-adapter';
import { createDynamoPaperStore } from '../../broker-adapters/paper/store/dynamo-paper-store';
import { newPaperStateAttributes } from '../../broker-adapters/paper/store/paper-state-item';
import { createBrokerAccount } from '../../data/broker-accounts-repository';
import { isExchangeHoliday } from '../../market/exchange-holidays';
import { orderPathSettings } from '../../orders/order-path-settings';
import { newAccountFields } from '../accounts/new-account';
import { notifyConnected } from '../accounts/broker-notifications';
import { nothingToClose, type BrokerIntegration } from './broker-integration';
import { now as clockNow } from '../../platform/clock';

/** The built-in paper exchange: connected at once, with a fresh simulator state written in the same transaction. */
export const paperIntegration: BrokerIntegration = {
  async connect(owner, _credentials, { log, now }) {
    const accountId = ulid(now.getTime());
    const paperState = newPaperStateAttributes(createPaperAccountState(accountId), now);
    const account = await createBrokerAccount(newAccountFields(owner, accountId, 'paper', 'connected'), paperState, now);
    await notifyConnected(owner, account, log);
    return { account, loginUrl: null };
  },
  reconnect: async (_owner, account) => ({ account, loginUrl: null }),
  async open(owner, account) {
    const settings = orderPathSettings();
    const store = createDynamoPaperStore({ frchId: owner.frchId, userId: owner.userId, accountId: account.broker_id }, clockNow);
    const adapter = createPaperAdapter({
      load: store.load,
      loadForChange: store.loadForChange,
      save: store.save,
      clock: clockNow,
      always_open: settings.paperAlwaysOpen,
      isHoliday: isExchangeHoliday,
    });
    return { adapter, close: nothingToClose };
  },
};
