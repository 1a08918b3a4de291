// Bad input, part 3 of 3: see bad-input.suite.ts.
import { badInputSuite } from './bad-input.suite.ts';

badInputSuite(3, 3);
