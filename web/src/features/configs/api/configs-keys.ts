/** Query keys of the Configs page. */
export const configsKeys = {
  all: ['configs'] as const,
  groups: () => [...configsKeys.all, 'groups'] as const,
  allowedBrokers: () => [...configsKeys.all, 'allowed-brokers'] as const,
};
