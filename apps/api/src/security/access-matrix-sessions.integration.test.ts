// The access matrix, its sessions part: see access-matrix.suite.ts.
import { accessMatrixSuite } from './access-matrix.suite.ts';

accessMatrixSuite('sessions');
