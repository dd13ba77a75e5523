/**
 * CloudFront sends the API its own host, so a viewer-request function copies the host the viewer
 * used into this header; the functions resolve the franchise from it (locally: from Host).
 */
export const TENANT_HOST_HEADER = 'x-tenant-host';

/**
 * The same function passes the viewer's IP address (the API itself sees CloudFront's), overwriting any
 * copy the client sent; locally the gateway sets it from the socket the same way. It is trusted only on
 * requests that carry the origin secret (below), which only this stack's CloudFront adds.
 */
export const VIEWER_IP_HEADER = 'x-viewer-ip';

/** CloudFront's custom origin header carrying the per-stack origin secret (ADR 0010). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
