export { setup, teardown } from '@scrapper/db/testing/global-setup';
