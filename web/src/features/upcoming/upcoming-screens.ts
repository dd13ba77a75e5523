/**
 * Screens whose content arrives with later releases: the title each one shows and one sentence on what
 * it will hold. Keys follow `paths` in config/paths.ts.
 */
export const UPCOMING_SCREENS = {
  groupStrategies: { title: 'Group Strategy', holds: 'the group strategies your sub-users subscribe to, with plans, records and users' },
  groupStrategy: { title: 'Group Strategy', holds: "one strategy group's accounts and trading switches" },
  groupStrategyBroker: { title: 'Group strategy account', holds: "one account's orders and settings inside a strategy group" },
} as const satisfies Record<string, { title: string; holds: string }>;

export type UpcomingScreenKey = keyof typeof UPCOMING_SCREENS;
