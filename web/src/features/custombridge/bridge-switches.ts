import { bridgeContracts, type Bridge } from '@shared/contracts/bridge';
import { callApi } from '@/lib/api-client';

export interface BridgeSwitch {
  label: string;
  /** What the switch does, for its tooltip and the bridge page. */
  hint: string;
  isOn: (bridge: Bridge) => boolean;
  send: (bridgeId: string, on: boolean) => Promise<Bridge>;
}

/** The on/off settings of a bridge, each with the call that changes it. */
export const BRIDGE_SWITCHES = {
  connected: {
    label: 'Connected',
    hint: 'Off, the webhook still answers but its signals are stored as ignored.',
    isOn: (bridge) => bridge.is_connected,
    send: (bridgeId, on) =>
      on ? callApi(bridgeContracts.userBridgeConnection, { bridge_id: bridgeId }) : callApi(bridgeContracts.userBridgeDisconnect, { bridge_id: bridgeId }),
  },
  trading: {
    label: 'Trading',
    hint: 'Off, signals place no orders (they are stored as ignored).',
    isOn: (bridge) => bridge.trading_enabled,
    send: (bridgeId, on) => callApi(bridgeContracts.updateBridgeTradingFlag, { bridge_id: bridgeId, trading_enabled: on }),
  },
} as const satisfies Record<string, BridgeSwitch>;

export type BridgeSwitchName = keyof typeof BRIDGE_SWITCHES;
export const BRIDGE_SWITCH_NAMES = Object.keys(BRIDGE_SWITCHES).filter((name): name is BridgeSwitchName => name in BRIDGE_SWITCHES);
