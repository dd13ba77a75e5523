import { Flex, Pagination, Text } from '@aws-amplify/ui-react';

interface OffsetPagerProps {
  offset: number;
  pageSize: number;
  total: number;
  onOffset: (offset: number) => void;
}

/** "Showing 51–100 of 230" and the pages, when there is more than one. */
export function OffsetPager({ offset, pageSize, total, onOffset }: OffsetPagerProps) {
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.floor(offset / pageSize) + 1;
  const go = (next: number) => onOffset((Math.min(totalPages, Math.max(1, next)) - 1) * pageSize);
  if (totalPages <= 1) return null;
  return (
    <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
      <Text variation="secondary" fontSize="small">
        Showing {(offset + 1).toLocaleString('en-IN')}–{Math.min(total, offset + pageSize).toLocaleString('en-IN')} of {total.toLocaleString('en-IN')}
      </Text>
      <Pagination currentPage={page} totalPages={totalPages} onNext={() => go(page + 1)} onPrevious={() => go(page - 1)} onChange={(next) => go(next ?? 1)} />
    </Flex>
  );
}
