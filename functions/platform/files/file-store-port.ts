/** The files port (DESIGN.md §1): S3 on AWS, a folder on one machine. Same keys, same URLs. */
export interface FileStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
}
