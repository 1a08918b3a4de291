// Bad input, part 2 of 3: see bad-input.suite.ts.
import { badInputSuite } from './bad-input.suite.ts';

badInputSuite(2, 3);
