/** The product's own name, shown where a white-label tenant has set no logo. */
export const PRODUCT_NAME = 'TradeBridge';
