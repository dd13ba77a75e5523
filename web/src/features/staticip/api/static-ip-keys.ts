/** Query keys of the static-IP screen. */
export const staticIpKeys = {
  all: ['static-ips'] as const,
  mine: () => [...staticIpKeys.all, 'mine'] as const,
  available: () => [...staticIpKeys.all, 'available'] as const,
  pool: () => [...staticIpKeys.all, 'pool'] as const,
  subUserSearch: (search: string) => [...staticIpKeys.all, 'sub-users', search] as const,
  subUser: (subUserId: number) => [...staticIpKeys.all, 'sub-user', subUserId] as const,
};
