import type { Brand } from '@shared/contracts/brand';

let bootBrand: Brand | undefined;

/** The brand read while the app started (before the first paint); the first screens show it without asking again. */
export function setBootBrand(brand: Brand | undefined): void {
  bootBrand = brand;
}

export function readBootBrand(): Brand | undefined {
  return bootBrand;
}
