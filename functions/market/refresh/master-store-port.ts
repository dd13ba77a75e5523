/** A stored text and the version it was read at. */
export interface StoredText {
  readonly text: string;
  readonly version: string;
}

/**
 * Where the daily master is kept (DESIGN.md §1: S3 on AWS, a folder on one machine). `version` is the
 * cheap look (an ETag, or inode, size and time) that lets a container see a new master without reading it.
 */
export interface MasterStore {
  /** For messages: the bucket or folder. */
  readonly name: string;
  /** The version of the stored object, or null when there is none. */
  version(key: string): Promise<string | null>;
  read(key: string): Promise<StoredText | null>;
  write(key: string, text: string): Promise<void>;
}
