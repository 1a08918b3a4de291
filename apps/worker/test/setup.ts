// The worker's test files run unisolated (vitest.config.ts): a fork runs test file after test
// file on the modules it has loaded. Each file must start as if it were the first and leave the
// process as it found it. This file (a setupFiles entry, evaluated again for every file) resets
// what a loaded module keeps from one file to the next, and fails a file that leaves behind a
// server listening, a file open or a child process running: the harness, fakes, workers, pg-boss
// instances and worker processes a file starts are all stopped in its afterAll.
import { beforeAll } from 'vitest';
import { clearGeminiModelChoices } from '@scrapper/integrations/gemini';
import { failFilesThatLeaveThingsBehind } from '@scrapper/testkit/left-behind';

// Gemini model choices are remembered per process by base URL and key: a later file's fake
// Google could get a port an earlier file's had.
beforeAll(() => {
  clearGeminiModelChoices();
});

failFilesThatLeaveThingsBehind({ files: true, children: true });
