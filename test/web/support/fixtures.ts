import { userProfileSchema, type UserProfile } from '../../../shared/contracts/user-profile';

/** A profile that passes the contract's own schema, so the fixture cannot drift from the API. */
export function profileFixture(overrides: Partial<UserProfile> = {}): UserProfile {
  return userProfileSchema.parse({
    user_id: 7,
    frch_id: 3,
    email: 'trader@example.com',
    first_name: 'Asha',
    last_name: 'Rao',
    mobile_no: '9876543210',
    state: 'Maharashtra',
    city: 'Pune',
    age_range: '30-50',
    profile_image: null,
    profile_status: 'active',
    current_credit: 1250.5,
    is_brokerpanel: false,
    is_white_label: true,
    can_add_subuser: false,
    is_ip_enable: false,
    ...overrides,
  });
}
