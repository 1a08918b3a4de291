// Bad input, part 1 of 3: see bad-input.suite.ts.
import { badInputSuite } from './bad-input.suite.ts';

badInputSuite(1, 3);
