import * as z from 'zod';
import { MAX_IMAGE_BYTES } from '../domain/otp';
import { ageRangeSchema, WHITE_LABEL_IMAGE_TYPES, whiteLabelImageTypeSchema } from '../domain/ranges';
import { brandSchema } from './brand';
import { BROKER_STATUSES, ORDER_STATUSES } from '../domain/states';
import { dashboardPnlSchema, openPositionsDetailSchema, pnlSeriesRequestSchema, pnlSeriesSchema } from './dashboard';
import { defineCall, IMAGE_TYPES } from './define-call';
import { emailField, mobileField, nameField, otpField } from './fields';
import { cursorPage, cursorPageRequest, offsetPageRequest, payloadDateSchema } from './paging';
import { userProfileSchema } from './user-profile';
import { ledgerEntrySchema } from './wallet';

const countsBy = <T extends readonly [string, ...string[]]>(keys: T) =>
  z.object(Object.fromEntries(keys.map((key) => [key, z.number().int().min(0)])) as Record<T[number], z.ZodNumber>);

export const dashboardSchema = z.object({
  broker_accounts: countsBy(BROKER_STATUSES),
  orders_today: countsBy(ORDER_STATUSES),
  /** What the user holds now: `open_positions_detail` says what counts (shared/contracts/dashboard.ts). */
  open_positions: z.number().int().min(0),
  open_positions_detail: openPositionsDetailSchema,
  /** Today's P&L and margin of the connected accounts, as their brokers report them now. */
  pnl: dashboardPnlSchema,
  current_credit: z.number(),
  unread_notifications: z.number().int().min(0),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const activitySchema = z.object({
  id: z.string(),
  action: z.string(),
  operation: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  create_time: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

export const notificationSchema = z.object({
  id: z.string(),
  notify_type: z.string(),
  notified_message: z.string(),
  isRead: z.boolean(),
  create_time: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const whiteLabelImagesSchema = z.object(
  Object.fromEntries(WHITE_LABEL_IMAGE_TYPES.map((type) => [type, z.string().nullable()])) as Record<
    (typeof WHITE_LABEL_IMAGE_TYPES)[number],
    z.ZodNullable<z.ZodString>
  >,
);
export type WhiteLabelImages = z.infer<typeof whiteLabelImagesSchema>;

const imagePart = { maxBytes: MAX_IMAGE_BYTES, types: IMAGE_TYPES };

const dateRange = {
  from_date: payloadDateSchema.optional(),
  to_date: payloadDateSchema.optional(),
};

/** A change confirmed by OTP: 'request' mails the code, 'confirm' applies the change. */
const otpConfirmed = <F extends string, S extends z.ZodType>(field: F, schema: S) =>
  z.discriminatedUnion('step', [
    z.strictObject({ step: z.literal('request'), [field]: schema } as { step: z.ZodLiteral<'request'> } & Record<F, S>),
    z.strictObject({ step: z.literal('confirm'), otp: otpField, [field]: schema } as {
      step: z.ZodLiteral<'confirm'>;
      otp: typeof otpField;
    } & Record<F, S>),
  ]);

export const userContracts = {
  getUserProfile: defineCall({
    group: 'user',
    method: 'GET',
    path: '/users/getuserprofile',
    role: 'user',
    summary: "The signed-in user's profile.",
    response: userProfileSchema,
  }),
  dashboard: defineCall({
    group: 'user',
    method: 'GET',
    path: '/users/dashboard',
    role: 'user',
    summary:
      "Real figures for the user: broker accounts and today's orders by status, open positions, today's P&L and margin per connected account (read from their brokers), credit, unread notifications.",
    response: dashboardSchema,
  }),
  getDashboardPnl: defineCall({
    group: 'user',
    method: 'POST',
    path: '/users/getdashboardpnl',
    role: 'user',
    summary: "Today's P&L through the day, over all the caller's accounts or one of them, rebuilt from today's fills and the price feed.",
    request: pnlSeriesRequestSchema,
    response: pnlSeriesSchema,
    specExtension: "Issue 16: the dashboard charts today's P&L through the day; the spec lists no call that answers it.",
  }),
  updateUserProfile: defineCall({
    group: 'user',
    method: 'POST',
    path: '/users/updateuserprofile',
    role: 'user',
    summary: 'Update names, place and age range, and optionally the profile picture (png, jpeg or webp, at most 2 MB).',
    bodyKind: 'multipart',
    request: z.strictObject({
      first_name: nameField('First name'),
      last_name: nameField('Last name'),
      mobile_no: mobileField.optional(),
      state: z.string().trim().max(60),
      city: z.string().trim().max(60),
      age_range: ageRangeSchema.optional(),
    }),
    files: { profile: { required: false, ...imagePart } },
    response: userProfileSchema,
    activity: 'Updated profile',
  }),
  updateUserMobileNo: defineCall({
    group: 'user',
    method: 'POST',
    path: '/users/updateusermobileno',
    role: 'user',
    summary: "Change the mobile number, confirmed by an OTP mailed to the account's email.",
    request: otpConfirmed('mobile_no', mobileField),
    response: z.object({ state: z.enum(['otp', 'updated']), user: userProfileSchema.nullable() }),
    activity: 'Changed mobile number',
  }),
  updateUserEmail: defineCall({
    group: 'user',
    method: 'POST',
    path: '/users/updateuseremail',
    role: 'user',
    summary: 'Change the email address, confirmed by an OTP mailed to the new address.',
    request: otpConfirmed('email', emailField),
    response: z.object({ state: z.enum(['otp', 'updated']), user: userProfileSchema.nullable() }),
    activity: 'Changed email',
  }),
  getUserLedger: defineCall({
    group: 'user',
    method: 'POST',
    path: '/users/getuserledger',
    role: 'user',
    summary: "The user's wallet ledger, newest first (default range: the last 30 days): credit or debit, amount and balance after (rupees, and exact paise), reason, reference, description.",
    request: z.strictObject({ ...cursorPageRequest, ...dateRange }),
    response: cursorPage(ledgerEntrySchema),
  }),
  getUserActivities: defineCall({
    group: 'user',
    method: 'POST',
    path: '/users/getuseractivities',
    role: 'user',
    summary: "The user's activity log, newest first (default range: the last 30 days).",
    request: z.strictObject({ ...cursorPageRequest, ...dateRange }),
    response: cursorPage(activitySchema),
  }),
  getUserNotifications: defineCall({
    group: 'user',
    method: 'POST',
    path: '/users/getusernotifications',
    role: 'user',
    summary: 'Notifications, newest first (offset/limit); marks the given ids (or all) as read first.',
    request: z.strictObject({
      ...offsetPageRequest,
      mark_read_ids: z.array(z.string().max(64)).max(100).optional(),
      mark_all_read: z.boolean().optional(),
    }),
    response: z.object({ items: z.array(notificationSchema), total: z.number().int(), unread_count: z.number().int() }),
  }),
  setWhiteLabelImages: defineCall({
    group: 'user',
    method: 'POST',
    path: '/users/setwhitelabelimages',
    role: 'whiteLabelOrPanel',
    summary:
      "Uploads the franchise's horizontal logo, vertical logo, login background or favicon (png, jpeg or webp, at most 2 MB) and answers the URL of each upload. A LOGO_CONFIG slot naming that kind shows the new image at once.",
    bodyKind: 'multipart',
    request: z.strictObject({ image_type: whiteLabelImageTypeSchema }),
    files: { image: { required: true, ...imagePart } },
    response: whiteLabelImagesSchema,
    activity: 'Changed white-label images',
  }),
  getWhiteLabelImages: defineCall({
    group: 'user',
    method: 'GET',
    path: '/users/getwhitelabelimages',
    role: 'public',
    summary:
      "The request host's brand, read before login: the logos, login background and favicon its LOGO_CONFIG shows (null where none), its product name (the platform's when none is set) and ORG_CONFIG's public fields (null before they are saved).",
    response: brandSchema,
    specExtension: "Issues 3 and 18: a public read of the request host's brand (LOGO_CONFIG, ORG_CONFIG's public fields), for the screens shown before login.",
  }),
} as const;
