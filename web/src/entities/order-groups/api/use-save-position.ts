import { useMutation } from '@tanstack/react-query';
import { ordermanagerContracts, type AddPositionRequest, type EditPositionRequest } from '@shared/contracts/ordermanager';
import { callApi } from '@/lib/api-client';
import { useOrderGroupCache } from './order-group-cache';

/** A position to save: a new one (POST /ordermanager/addposition) or changes to one (POST /ordermanager/editposition). */
export type PositionSave = { kind: 'add'; body: AddPositionRequest } | { kind: 'edit'; body: EditPositionRequest };

/** Adds or edits a position; the answered position replaces its row at once. */
export function useSavePosition() {
  const cache = useOrderGroupCache();
  return useMutation({
    mutationFn: (save: PositionSave) =>
      save.kind === 'add' ? callApi(ordermanagerContracts.addPosition, save.body) : callApi(ordermanagerContracts.editPosition, save.body),
    onSuccess: cache.storePosition,
  });
}
