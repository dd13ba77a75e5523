/**
 * CloudFront sends the API its own host, so a viewer-request function copies the host the viewer
 * used into this header; the functions resolve the franchise from it (locally: from Host).
 */
export const TENANT_HOST_HEADER = 'x-tenant-host';
