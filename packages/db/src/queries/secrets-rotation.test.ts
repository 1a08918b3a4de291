import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../schema/index.ts';
import { SEALED_COLUMNS } from './secrets-rotation.ts';

const tables: PgTable[] = Object.values(schema as Record<string, unknown>).filter((v): v is PgTable => v instanceof PgTable);

describe('SEALED_COLUMNS', () => {
  it('lists every sealed_* column of the schema, so a rotation leaves no secret behind', () => {
    const inSchema = tables.flatMap((t) => {
      const config = getTableConfig(t);
      return config.columns.filter((c) => c.name.startsWith('sealed_')).map((c) => `${config.name}.${c.name}`);
    });
    expect(inSchema.length).toBeGreaterThan(0);
    expect(SEALED_COLUMNS.map((c) => `${c.table}.${c.column}`).sort()).toEqual(inSchema.sort());
  });
});
