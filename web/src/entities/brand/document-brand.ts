import type { Brand } from '@shared/contracts/brand';

const FAVICON_ID = 'brand-favicon';

/** The tab shows the host's product name and favicon (the page has neither until the brand is known). */
export function applyDocumentBrand(brand: Pick<Brand, 'product_name' | 'favicon'>, doc: Document = document): void {
  doc.title = brand.product_name;
  const existing = doc.getElementById(FAVICON_ID);
  if (!brand.favicon) {
    existing?.remove();
    return;
  }
  const link = existing instanceof HTMLLinkElement ? existing : doc.head.appendChild(doc.createElement('link'));
  link.id = FAVICON_ID;
  link.rel = 'icon';
  link.href = brand.favicon;
}
