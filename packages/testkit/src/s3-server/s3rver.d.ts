// The part of s3rver 3.7 (CommonJS, no types of its own) that start-s3-server.ts uses.
declare module 's3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  import type { Readable } from 'node:stream';

  interface S3rverOptions {
    directory: string;
    silent?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs: Array<string | Buffer> }[];
  }

  /** An object on its way into the store: a Buffer (POST uploads) or the request stream. */
  interface S3rverObject {
    bucket: string;
    key: string;
    content: Buffer | Readable;
    metadata: Record<string, string>;
  }

  interface FilesystemStore {
    getResourcePath(bucket: string, key: string | undefined, resource: string): string;
    putMetadata(
      bucket: string,
      key: string,
      metadata: Record<string, string>,
      md5?: string,
    ): Promise<void>;
    putObject(object: S3rverObject): Promise<{ size: number; md5: string }>;
  }

  class S3rver {
    constructor(options: S3rverOptions);
    readonly store: FilesystemStore;
    /** Creates the `configureBuckets` buckets in the store. */
    configureBuckets(): Promise<void>;
    /** The Koa request handler, for a server of our own. */
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }

  export default S3rver;
}
