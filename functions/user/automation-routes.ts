import { automationContracts } from '../../shared/contracts/automation';
import { automationStatus } from '../automation/automation-status';
import { resumeFranchiseAutomation, stopFranchiseAutomation } from '../automation/franchise-automation';
import { resumeAutomation, stopAutomation } from '../automation/user-automation';
import { defineRoute } from '../platform/http/route';

/** The kill switches (issue 20): the caller's own, and a broker panel's for its whole franchise (role from the contract). */
export const getAutomationStatusRoute = defineRoute(automationContracts.getAutomationStatus, async ({ principal }) => ({
  data: await automationStatus(principal),
  message: 'Automation status fetched',
}));

export const stopAutomationRoute = defineRoute(automationContracts.stopAutomation, async ({ principal, body, scope }) => ({
  data: await stopAutomation(principal, body.square_off, scope.log),
  message: 'All automation stopped',
}));

export const resumeAutomationRoute = defineRoute(automationContracts.resumeAutomation, async ({ principal, scope }) => ({
  data: await resumeAutomation(principal, scope.log),
  message: 'Automation resumed',
}));

export const stopFranchiseAutomationRoute = defineRoute(automationContracts.stopFranchiseAutomation, async ({ principal, scope }) => ({
  data: await stopFranchiseAutomation(principal, { ip: scope.sourceIp, userAgent: scope.userAgent }, scope.log),
  message: 'Automation stopped for every user of your broker panel',
}));

export const resumeFranchiseAutomationRoute = defineRoute(automationContracts.resumeFranchiseAutomation, async ({ principal, scope }) => ({
  data: await resumeFranchiseAutomation(principal, { ip: scope.sourceIp, userAgent: scope.userAgent }, scope.log),
  message: 'Automation resumed for your broker panel',
}));
