import { PublishError } from '@scrapper/integrations/publish-error';

/** For tests: the PublishError a promise rejects with (anything else fails the test). */
export async function refusal(promise: Promise<unknown>): Promise<PublishError> {
  const outcome = await promise.then(
    (value: unknown) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if ('error' in outcome && outcome.error instanceof PublishError) return outcome.error;
  throw new Error(
    `Expected a PublishError, got ${'error' in outcome ? String(outcome.error) : 'success'}`,
  );
}
