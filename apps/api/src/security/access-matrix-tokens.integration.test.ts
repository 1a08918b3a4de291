// The access matrix, its tokens part: see access-matrix.suite.ts.
import { accessMatrixSuite } from './access-matrix.suite.ts';

accessMatrixSuite('tokens');
