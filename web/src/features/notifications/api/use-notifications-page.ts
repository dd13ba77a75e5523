import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { notificationsPageQueryOptions } from './notifications-query-options';

/** A page of the notifications list; the previous page stays on screen while the next one loads. */
export function useNotificationsPage(offset: number, limit: number) {
  return useQuery({ ...notificationsPageQueryOptions(offset, limit), placeholderData: keepPreviousData });
}
