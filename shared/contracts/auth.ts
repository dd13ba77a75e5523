import * as z from 'zod';
import { defineCall } from './define-call';
import { captchaTokenField, emailField, mobileField, nameField, newPasswordField, otpField, referralCodeField } from './fields';
import { userProfileSchema } from './user-profile';

/** The error detail of a login that needs the code mailed to the owner (a name under attack, issue 14). */
export const LOGIN_CODE_REQUIRED_DETAIL = { path: 'login_otp', message: 'otp-required' } as const;

export const userLoginRequestSchema = z
  .strictObject({
    email: emailField.optional(),
    mobile_no: mobileField.optional(),
    password: z.string().min(1, 'Password is required.').max(128),
    captcha_token: captchaTokenField.optional(),
    /** The code mailed when the account is under attack (issue 14): asked for by a 401 naming `login_otp`. */
    login_otp: otpField.optional(),
  })
  .refine((body) => Boolean(body.email) !== Boolean(body.mobile_no), {
    message: 'Give either email or mobile_no.',
    path: ['email'],
  });

export const userRegisterRequestSchema = z.strictObject({
  first_name: nameField('First name'),
  last_name: nameField('Last name'),
  email: emailField,
  mobile_no: mobileField,
  password: newPasswordField,
  referral_code: referralCodeField.optional(),
  captcha_token: captchaTokenField.optional(),
});

/** Who asks for a reset: by email (self-service screen) or by registered mobile (managed-accounts screen). */
const accountIdentifier = {
  email: emailField.optional(),
  mobile_no: mobileField.optional(),
};

export const forgotPasswordRequestSchema = z.discriminatedUnion('step', [
  z.strictObject({ step: z.literal('request'), ...accountIdentifier, captcha_token: captchaTokenField.optional() }),
  z.strictObject({ step: z.literal('reset'), ...accountIdentifier, otp: otpField, new_password: newPasswordField }),
]).refine((body) => Boolean(body.email) !== Boolean(body.mobile_no), {
  message: 'Give either email or mobile_no.',
  path: ['email'],
});

export const authContracts = {
  userLogin: defineCall({
    group: 'auth',
    method: 'POST',
    path: '/auth/userlogin',
    role: 'public',
    summary:
      'Log in with email or mobile number and password; answers the token and the profile. Failures slow the name and the address down (429, Retry-After); a name under attack also needs a code mailed to its owner (401 naming login_otp), sent with login_otp.',
    request: userLoginRequestSchema,
    response: z.object({ token: z.string(), user: userProfileSchema }),
    activity: 'Logged in',
  }),
  userRegister: defineCall({
    group: 'auth',
    method: 'POST',
    path: '/auth/userregister',
    role: 'public',
    summary: 'Create an account in the franchise of the request host; an optional referral code links the referrer.',
    request: userRegisterRequestSchema,
    response: z.object({ user: userProfileSchema }),
    activity: 'Registered',
  }),
  getReferralName: defineCall({
    group: 'auth',
    method: 'POST',
    path: '/auth/getreferralname',
    role: 'public',
    summary: "The referrer's display name for a referral code, or 'Invalid referral code'.",
    request: z.strictObject({ referral_code: referralCodeField }),
    response: z.object({ referral_name: z.string() }),
  }),
  forgotPassword: defineCall({
    group: 'auth',
    method: 'POST',
    path: '/auth/forgotpassword',
    role: 'public',
    summary:
      "Step 'request' mails a 6-digit OTP (10 minutes, 5 tries) and answers the same whether the account exists; step 'reset' sets the new password.",
    request: forgotPasswordRequestSchema,
    response: z.object({ state: z.enum(['otp', 'password-reset']) }),
    activity: 'Reset password with an OTP',
  }),
  logOut: defineCall({
    group: 'auth',
    method: 'POST',
    path: '/auth/logout',
    role: 'user',
    summary: 'End the session server-side: this token stops working at once (401 everywhere); all_devices ends every session of the user.',
    request: z.strictObject({ all_devices: z.boolean().default(false) }),
    response: z.object({ logged_out: z.literal(true), all_devices: z.boolean() }),
    activity: 'Logged out',
    specExtension: 'Issue 14: spec §4 logs out in the browser only; the server revokes the token so a copy of it stops working too.',
  }),
  resetPassword: defineCall({
    group: 'auth',
    method: 'POST',
    path: '/users/resetpassword',
    role: 'user',
    summary: 'Change the password: the old one is checked; every earlier token of the user stops working.',
    request: z.strictObject({ old_password: z.string().min(1, 'Old password is required.').max(128), new_password: newPasswordField }),
    response: z.object({ token: z.string() }),
    withMsg: true,
    activity: 'Changed password',
  }),
} as const;
