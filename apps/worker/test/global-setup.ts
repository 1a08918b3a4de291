// One run's shared pieces, made side by side: the PostgreSQL server with its migrated template
// (each file copies it into a database of its own) and the media server's generated files.
import { setup as setupDatabase, teardown as teardownDatabase } from '@scrapper/db/testing/global-setup';
import { setup as setupMedia, teardown as teardownMedia } from '@scrapper/testkit/media-server/global-setup';

export async function setup(): Promise<void> {
  await Promise.all([setupDatabase(), setupMedia()]);
}

export async function teardown(): Promise<void> {
  await Promise.all([teardownDatabase(), teardownMedia()]);
}
