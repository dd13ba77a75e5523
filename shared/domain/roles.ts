import * as z from 'zod';

/** Role flags carried on the user profile (spec §3, §6). */
export const roleFlagsSchema = z.object({
  is_brokerpanel: z.boolean(),
  is_white_label: z.boolean(),
  can_add_subuser: z.boolean(),
  is_ip_enable: z.boolean(),
});
export type RoleFlags = z.infer<typeof roleFlagsSchema>;

/**
 * The role a call requires. `public` needs no token; `user` any signed-in user;
 * `parent` a user who manages sub-users; `whiteLabelOrPanel` the configs area;
 * `brokerPanel` the franchise administrator; `ipEnabled` the static-IP area.
 */
export const CALL_ROLES = ['public', 'user', 'parent', 'whiteLabelOrPanel', 'brokerPanel', 'ipEnabled'] as const;
export type CallRole = (typeof CALL_ROLES)[number];

const ROLE_RULES: Readonly<Record<CallRole, (flags: RoleFlags) => boolean>> = {
  public: () => true,
  user: () => true,
  parent: (f) => f.can_add_subuser || f.is_white_label || f.is_brokerpanel,
  whiteLabelOrPanel: (f) => f.is_white_label || f.is_brokerpanel,
  brokerPanel: (f) => f.is_brokerpanel,
  ipEnabled: (f) => f.is_ip_enable,
};

export function hasRole(flags: RoleFlags, role: CallRole): boolean {
  return ROLE_RULES[role](flags);
}
