import type { AutomationStatus } from '../../shared/contracts/automation';
import { getAutomationStops, rememberSwitchesOff, type AutomationStops, type StopOwner, type SwitchRef } from '../data/automation/automation-stop-repository';
import { getUser } from '../data/users-repository';
import { mergedSwitchesOff, rememberedStates, switchesOf, type SwitchState } from './automation-switches';

/** The status screens read: both stops and the remembered switches as they stand now. */
export function statusOf(stops: AutomationStops, states: readonly SwitchState[]): AutomationStatus {
  return {
    stopped: stops.user !== null,
    stopped_at: stops.user?.stoppedAt ?? null,
    stopped_by: stops.user?.stoppedBy ?? null,
    franchise_stopped: stops.franchise !== null,
    franchise_stopped_at: stops.franchise?.stoppedAt ?? null,
    switches: rememberedStates(stops.switchesOff, states).map(({ kind, id, name, isOn }) => ({ kind, id, name, is_on: isOn })),
  };
}

export async function automationStatus(owner: StopOwner): Promise<AutomationStatus> {
  const [stops, states] = await Promise.all([getAutomationStops(owner), switchesOf(owner)]);
  return statusOf(stops, states);
}

/** A user stop and a franchise stop may remember switches of one user at once: the marker's version settles it. */
const REMEMBER_ATTEMPTS = 5;

/** Adds what a stop turned off to the user's remembered switches; answers the status after it. */
export async function rememberTurnedOff(owner: StopOwner, turnedOff: readonly SwitchRef[], now: Date): Promise<AutomationStatus> {
  for (let attempt = 1; attempt <= REMEMBER_ATTEMPTS; attempt += 1) {
    const [stops, states] = await Promise.all([getAutomationStops(owner), switchesOf(owner)]);
    const merged = mergedSwitchesOff(stops.switchesOff, turnedOff, states);
    if (await rememberSwitchesOff(owner, stops.version, merged, now)) return statusOf({ ...stops, switchesOff: merged, version: stops.version + 1 }, states);
  }
  throw new Error(`The switches turned off for user ${owner.userId} could not be remembered after ${REMEMBER_ATTEMPTS} attempts`);
}

/** Who pressed a stop, as the status shows it. */
export async function displayNameOf(owner: StopOwner): Promise<string> {
  const user = await getUser(owner.frchId, owner.userId);
  return user ? `${user.first_name} ${user.last_name}`.trim() : `User ${owner.userId}`;
}
