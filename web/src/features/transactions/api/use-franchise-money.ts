import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { franchiseMoneyContracts, type FranchiseLedgerEntry, type FranchisePayment } from '@shared/contracts/franchise-money';
import { MAX_PAGE_SIZE } from '@shared/domain/constants';
import { callApi } from '@/lib/api-client';
import { ledgerRequestOf, paymentsRequestOf, type LedgerFilters, type PaymentFilters } from '../money-filters';
import { transactionsKeys } from './transactions-keys';

export const MONEY_PAGE_SIZE = 50;

/** One page (offset) of the franchise's payments for the filters, with totals over the whole range; the previous page stays while the next loads. */
export function useFranchisePayments(filters: PaymentFilters, offset: number) {
  return useQuery({
    queryKey: transactionsKeys.payments(filters, offset),
    queryFn: () => callApi(franchiseMoneyContracts.getFranchisePayments, { ...paymentsRequestOf(filters), offset, limit: MONEY_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}

/** One page of the franchise's wallet movements for the filters, with totals over the whole range. */
export function useFranchiseLedger(filters: LedgerFilters, offset: number) {
  return useQuery({
    queryKey: transactionsKeys.ledger(filters, offset),
    queryFn: () => callApi(franchiseMoneyContracts.getFranchiseLedger, { ...ledgerRequestOf(filters), offset, limit: MONEY_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}

/** Reads page after page until `total` rows are in (for the CSV export). */
async function readAll<Row>(readPage: (offset: number) => Promise<{ items: Row[]; total: number }>): Promise<Row[]> {
  const rows: Row[] = [];
  for (;;) {
    const page = await readPage(rows.length);
    rows.push(...page.items);
    if (page.items.length === 0 || rows.length >= page.total) return rows;
  }
}

/** Every payment for the filters. */
export function fetchAllPayments(filters: PaymentFilters): Promise<FranchisePayment[]> {
  return readAll((offset) => callApi(franchiseMoneyContracts.getFranchisePayments, { ...paymentsRequestOf(filters), offset, limit: MAX_PAGE_SIZE }));
}

/** Every wallet movement for the filters. */
export function fetchAllLedger(filters: LedgerFilters): Promise<FranchiseLedgerEntry[]> {
  return readAll((offset) => callApi(franchiseMoneyContracts.getFranchiseLedger, { ...ledgerRequestOf(filters), offset, limit: MAX_PAGE_SIZE }));
}
