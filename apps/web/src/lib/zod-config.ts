import { config } from 'zod/v4/core';

// zod compiles fast object parsers with `new Function` when it may; the app runs under a CSP
// without 'unsafe-eval', where even zod's probe for it is a reported violation. jitless skips
// both the probe and the compiled path. Imported first by main.tsx, before any schema parses;
// only zod's small core module comes with it (the schemas load with the pages that use them).
config({ jitless: true });
