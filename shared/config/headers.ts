/**
 * CloudFront sends the API its own host, so a viewer-request function copies the host the viewer
 * used into this header; the functions resolve the franchise from it (locally: from Host).
 */
export const TENANT_HOST_HEADER = 'x-tenant-host';

/** The same function passes the viewer's IP address (the API itself sees CloudFront's). */
export const VIEWER_IP_HEADER = 'x-viewer-ip';
