import * as z from 'zod';
import { defineCall } from './define-call';

/**
 * Kill switches (issue 20): a user's "Stop all automation" and a broker panel's franchise-wide switch.
 * A stop marks the user (or the franchise); every automated order (bridge, copy trading, order manager,
 * API) checks that mark in the transaction that records its intent, so nothing automated leaves after
 * the stop, queued signals included; manual orders always go. The stop also turns off every bridge,
 * copy-trading group and order-manager place-order flag that was on and remembers which ones, so the
 * user can turn them back on one by one after resuming.
 */

export const AUTOMATION_SWITCH_KINDS = ['json_bridge', 'custom_bridge', 'copy_group', 'order_group'] as const;
export type AutomationSwitchKind = (typeof AUTOMATION_SWITCH_KINDS)[number];

/** A switch a stop turned off: which one (by kind and id), its name, and whether it is on again now. */
export const automationSwitchSchema = z.object({
  kind: z.enum(AUTOMATION_SWITCH_KINDS),
  id: z.string(),
  name: z.string(),
  is_on: z.boolean(),
});
export type AutomationSwitch = z.infer<typeof automationSwitchSchema>;

export const automationStatusSchema = z.object({
  /** The user's own stop. */
  stopped: z.boolean(),
  stopped_at: z.string().nullable(),
  /** Who pressed it (the user, or a parent acting for them): a display name. */
  stopped_by: z.string().nullable(),
  /** The franchise-wide stop of the user's broker panel. */
  franchise_stopped: z.boolean(),
  franchise_stopped_at: z.string().nullable(),
  /** The switches the last stops turned off that are still off, or were since turned on (is_on). */
  switches: z.array(automationSwitchSchema),
});
export type AutomationStatus = z.infer<typeof automationStatusSchema>;

/** One account whose open positions could not all be closed, and why. */
export const squareOffFailureSchema = z.object({ broker_id: z.string(), reason: z.string() });

export const squareOffSummarySchema = z.object({
  orders_placed: z.number().int().min(0),
  failures: z.array(squareOffFailureSchema),
});
export type SquareOffSummary = z.infer<typeof squareOffSummarySchema>;

export const stopAutomationResponseSchema = automationStatusSchema.extend({
  /** Null when no square-off was asked. */
  square_off: squareOffSummarySchema.nullable(),
});
export type StopAutomationResponse = z.infer<typeof stopAutomationResponseSchema>;

export const franchiseAutomationSchema = z.object({
  franchise_stopped: z.boolean(),
  franchise_stopped_at: z.string().nullable(),
  /** Users of the franchise this call went through (switches turned off on a stop, notified on both). */
  users: z.number().int().min(0),
});
export type FranchiseAutomation = z.infer<typeof franchiseAutomationSchema>;

export const stopAutomationRequestSchema = z.strictObject({
  square_off: z.boolean('square_off must be true or false.').default(false),
});

export const AUTOMATION_ALREADY_STOPPED_MESSAGE = 'Automation is already stopped for your account.';
export const AUTOMATION_NOT_STOPPED_MESSAGE = 'Automation is not stopped for your account.';
export const FRANCHISE_AUTOMATION_ALREADY_STOPPED_MESSAGE = 'Automation is already stopped for every user of your broker panel.';
export const FRANCHISE_AUTOMATION_NOT_STOPPED_MESSAGE = 'Automation is not stopped for your broker panel.';

/** An instant as people in India read it, e.g. "27 Nov 2026, 12:05 IST" (fixed time zone: the same on every machine). */
export function istInstant(iso: string): string {
  const text = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
  return `${text} IST`;
}

/** Why an automated order (or a queued signal) is refused while a stop holds: the user's own first, as only they can lift it. */
export function automationStoppedReason(stop: { readonly scope: 'user' | 'franchise'; readonly stoppedAt: string }): string {
  if (stop.scope === 'user') return `Automation is stopped for your account (since ${istInstant(stop.stoppedAt)}). Resume it on the dashboard.`;
  return `Automation is stopped for every account of your broker panel (since ${istInstant(stop.stoppedAt)}). It resumes when your broker panel turns it back on.`;
}

const EXTENSION = 'Issue 20 (algo compliance): kill switches; the spec lists no call for them.';

export const automationContracts = {
  getAutomationStatus: defineCall({
    group: 'user',
    method: 'GET',
    path: '/users/getautomationstatus',
    role: 'user',
    summary: "Whether the caller's automation is stopped (by them, or franchise-wide), since when, by whom, and the switches the stops turned off.",
    response: automationStatusSchema,
    specExtension: EXTENSION,
  }),
  stopAutomation: defineCall({
    group: 'user',
    method: 'POST',
    path: '/users/stopautomation',
    role: 'user',
    summary:
      'Stops all automation of the caller at once: automated orders are refused from now on (queued signals included), every bridge, copy-trading group and order-group place-order flag that was on is turned off, and with square_off every open position of the caller\'s accounts is closed (manual orders).',
    request: stopAutomationRequestSchema,
    response: stopAutomationResponseSchema,
    activity: 'Stopped all automation',
    specExtension: EXTENSION,
  }),
  resumeAutomation: defineCall({
    group: 'user',
    method: 'POST',
    path: '/users/resumeautomation',
    role: 'user',
    summary: 'Lifts the caller\'s stop; the switches stay off until the caller turns each back on.',
    response: automationStatusSchema,
    activity: 'Resumed automation',
    specExtension: EXTENSION,
  }),
  stopFranchiseAutomation: defineCall({
    group: 'user',
    method: 'POST',
    path: '/users/stopfranchiseautomation',
    role: 'brokerPanel',
    summary: "Stops automation for every user of the caller's franchise: their automated orders are refused at once, their switches are turned off, and each is notified.",
    response: franchiseAutomationSchema,
    activity: 'Stopped automation for the whole broker panel',
    specExtension: EXTENSION,
  }),
  resumeFranchiseAutomation: defineCall({
    group: 'user',
    method: 'POST',
    path: '/users/resumefranchiseautomation',
    role: 'brokerPanel',
    summary: "Lifts the franchise-wide stop; each user's switches stay off until they turn them back on.",
    response: franchiseAutomationSchema,
    activity: 'Resumed automation for the whole broker panel',
    specExtension: EXTENSION,
  }),
};
