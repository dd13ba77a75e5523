/**
 * The build-time flag of spec §2 that selects the auth screens (`VITE_SELF_SERVICE_AUTH`, on unless
 * set to 'false'):
 * - on: self-service accounts — /register exists, the login screen links to it, and forgot password
 *   asks for the account's email;
 * - off: managed accounts (a parent or franchise creates them) — no /register, and forgot password
 *   asks for the registered mobile number; the OTP still goes to the account's email.
 */
export const SELF_SERVICE_AUTH: boolean = import.meta.env.VITE_SELF_SERVICE_AUTH !== 'false';
