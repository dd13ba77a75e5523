import type { Brand } from '@shared/contracts/brand';
import { fetchBrand } from '@/entities/brand/api/use-brand';
import { setBootBrand } from '@/entities/brand/boot-brand';
import { applyDocumentBrand } from '@/entities/brand/document-brand';

/** How long the first paint waits for the brand; past it the app starts and shows a neutral bar until it arrives. */
export const BRAND_WAIT_MS = 3000;

/**
 * Reads the request host's brand before the first paint (issue 18: no flash of the platform's brand on a
 * white-label host): the tab gets its title and favicon, and the first screen starts from it. A slow or
 * failed read does not hold the app: the screens then read it themselves and stay neutral meanwhile.
 */
export async function loadBrand(waitMs = BRAND_WAIT_MS): Promise<Brand | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), waitMs);
  });
  try {
    const brand = await Promise.race([fetchBrand(), timeout]);
    if (brand) {
      setBootBrand(brand);
      applyDocumentBrand(brand);
    }
    return brand;
  } catch (error) {
    console.warn(`Brand unavailable at start (${String(error)}); the screens will read it again.`);
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}
