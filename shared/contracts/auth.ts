import * as z from 'zod';
import { defineCall } from './define-call';
import { userProfileSchema } from './user-profile';

const trimmed = z.string().trim();

export const userLoginRequestSchema = z
  .strictObject({
    email: trimmed.toLowerCase().pipe(z.email('Enter a valid email address.')).optional(),
    mobile_no: trimmed.regex(/^\d{10}$/, 'Mobile number must have 10 digits.').optional(),
    password: z.string().min(1, 'Password is required.').max(128),
    captcha_token: z.string().max(4096).optional(),
  })
  .refine((body) => Boolean(body.email) !== Boolean(body.mobile_no), {
    message: 'Give either email or mobile_no.',
    path: ['email'],
  });

export const authContracts = {
  userLogin: defineCall({
    group: 'auth',
    method: 'POST',
    path: '/auth/userlogin',
    role: 'public',
    summary: 'Log in with email or mobile number and password; answers the token and the profile.',
    request: userLoginRequestSchema,
    response: z.object({ token: z.string(), user: userProfileSchema }),
  }),
} as const;
