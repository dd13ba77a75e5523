import { paths, type AppPath } from '@/config/paths';
import type { Gate } from '@/app/access/access-gates';
import type { NavIconName } from './nav-icons';

export interface NavLinkEntry {
  kind: 'link';
  label: string;
  to: AppPath;
  gate: Gate;
  icon?: NavIconName;
}

/**
 * A menu with sub-items: open while the current path is under one of `under` (the prefixes of its items'
 * paths); its first click opens its first visible item.
 */
export interface NavMenuEntry {
  kind: 'menu';
  id: string;
  label: string;
  gate: Gate;
  under: readonly string[];
  icon: NavIconName;
  items: readonly NavLinkEntry[];
}

export type NavEntry = NavLinkEntry | NavMenuEntry;

const link = (label: string, to: AppPath, gate: Gate, icon?: NavIconName): NavLinkEntry => ({ kind: 'link', label, to, gate, ...(icon ? { icon } : {}) });

/** The sidebar, in spec §2's order; an entry shows when its gate allows (a menu also needs a visible item). */
export const NAV_TABLE: readonly NavEntry[] = [
  link('Dashboard', paths.dashboard, 'always', 'dashboard'),
  link('Demat', paths.demat, 'always', 'demat'),
  link('Static Ip', paths.staticIp, 'staticIp', 'staticIp'),
  link('User', paths.users, 'brokerPanel', 'users'),
  link('Link User', paths.users, 'linkUsers', 'users'),
  link('Watch List', paths.watchList, 'watchList', 'watchList'),
  {
    kind: 'menu',
    id: 'group',
    label: 'Group',
    gate: 'notBrokerPanel',
    under: ['/group', paths.strategies],
    icon: 'group',
    items: [link('Group', paths.groups, 'groups'), link('Strategies', paths.strategies, 'strategiesToSubscribe'), link('Pending Orders', paths.pendingOrders, 'anyGroup')],
  },
  {
    kind: 'menu',
    id: 'group-strategy',
    label: 'Group Startegy',
    gate: 'brokerPanel',
    under: ['/group'],
    icon: 'group',
    items: [link('Group Strategy', paths.groupStrategies, 'groupStrategies'), link('Pending Orders', paths.pendingOrders, 'anyGroup')],
  },
  {
    kind: 'menu',
    id: 'bridge',
    label: 'Bridge',
    gate: 'always',
    under: ['/bridge'],
    icon: 'bridge',
    items: [
      link('Json Bridge', paths.jsonBridges, 'jsonBridge'),
      link('Custom Bridge', paths.customBridges, 'customBridge'),
      link('Signal', paths.bridgeSignals, 'customBridge'),
      link('Position', paths.bridgePositions, 'customBridge'),
    ],
  },
  link('Order Manager', paths.orderManager, 'orderManager', 'orderManager'),
  link('Order History', paths.orderHistory, 'always', 'orderHistory'),
  link('Order Details', paths.orderDetails, 'always', 'orderDetails'),
  link('Referral', paths.referral, 'always', 'referral'),
  link('Wallet', paths.wallet, 'always', 'wallet'),
  link('Activity Logs', paths.activityLogs, 'always', 'activityLogs'),
  link('Profile', paths.profile, 'always', 'profile'),
  link('Transaction', paths.transactions, 'brokerPanel', 'transaction'),
  link('Configs', paths.configs, 'configs', 'configs'),
];
