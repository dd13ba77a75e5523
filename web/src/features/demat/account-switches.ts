import { brokerContracts, type BrokerAccount } from '@shared/contracts/broker';
import { callApi } from '@/lib/api-client';

export interface AccountSwitch {
  label: string;
  isOn: (account: BrokerAccount) => boolean;
  send: (brokerId: string, on: boolean) => Promise<BrokerAccount>;
}

/** The on/off settings of a broker account, each with the call that changes it. */
export const ACCOUNT_SWITCHES = {
  trading: {
    /** Whether the account takes part in automated orders. */
    label: 'Trading',
    isOn: (account) => account.trading_enabled,
    send: (brokerId, on) => callApi(brokerContracts.updateBrokerTradingFlag, { broker_id: brokerId, trading_enabled: on }),
  },
  autoRenew: {
    /** Whether the plan renews from the wallet when it ends. */
    label: 'Auto-renew',
    isOn: (account) => account.auto_renew,
    send: (brokerId, on) => callApi(brokerContracts.updateAutoRenewFlag, { broker_id: brokerId, auto_renew: on }),
  },
} as const satisfies Record<string, AccountSwitch>;

export type AccountSwitchName = keyof typeof ACCOUNT_SWITCHES;
export const ACCOUNT_SWITCH_NAMES = Object.keys(ACCOUNT_SWITCHES).filter(isAccountSwitchName);

function isAccountSwitchName(name: string): name is AccountSwitchName {
  return name in ACCOUNT_SWITCHES;
}
