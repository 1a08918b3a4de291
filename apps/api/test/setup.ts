// The API's test files run unisolated (vitest.config.ts): a fork runs test file after test file
// on the modules it has loaded. Each file must start as if it were the first and leave the
// process as it found it. This file (a setupFiles entry, evaluated again for every file) resets
// what a loaded module keeps from one file to the next, and fails a file that leaves a server
// listening: every server, fake and proxy a file starts is closed in its afterAll.
import { beforeAll } from 'vitest';
import { clearGeminiModelChoices } from '@scrapper/integrations/gemini';
import { failFilesThatLeaveThingsBehind } from '@scrapper/testkit/left-behind';

// Gemini model choices are remembered per process by base URL and key: a later file's fake
// Google could get a port an earlier file's had.
beforeAll(() => {
  clearGeminiModelChoices();
});

failFilesThatLeaveThingsBehind();
