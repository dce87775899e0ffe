import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Config } from '../src/config.ts';

/**
 * A local S3-compatible server (s3rver) on 127.0.0.1 with a fresh bucket, so the object-storage
 * driver is tested against a real S3 HTTP conversation without reaching the internet.
 */
export async function startS3(): Promise<{ config: S3Config; stop: () => Promise<void> }> {
  const directory = mkdtempSync(path.join(tmpdir(), 'baan-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = await server.run();
  const config: S3Config = {
    bucket: 'baan-test',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    publicUrl: undefined,
    forcePathStyle: true,
  };
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await client.send(new CreateBucketCommand({ Bucket: config.bucket }));
  client.destroy();
  return {
    config,
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
