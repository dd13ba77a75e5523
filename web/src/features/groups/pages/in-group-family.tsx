import type { ComponentType } from 'react';
import { GroupFamilyContext, groupRoutesOf, type GroupFamily, type GroupRoutes } from '../group-routes';

/** A group screen as a page of one route family: every link drawn below it stays in the family it was opened in. */
export function inGroupFamily(View: ComponentType<{ routes: GroupRoutes }>) {
  return function GroupFamilyPage({ family }: { family: GroupFamily }) {
    return (
      <GroupFamilyContext value={family}>
        <View routes={groupRoutesOf(family)} />
      </GroupFamilyContext>
    );
  };
}
