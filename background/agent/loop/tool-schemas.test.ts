/**
 * Every tool's argument schema as JSON Schema, held byte for byte in a file snapshot: the model
 * reads it on every request (prompt caching needs it byte-stable, issue 26), and one schema per
 * contract (issue 27: zod/mini in `shared/` for page and model alike) must not change a byte of it.
 * An intended change is accepted with `npx vitest run --project unit <this file> -u`.
 */
import { expect, it } from 'vitest';
import { z } from 'zod';
import { registerAllTools } from '../../tools/index';
import { allTools } from '../../tools/registry';

it('every tool schema the model is sent is unchanged', async () => {
  registerAllTools();
  const all = Object.fromEntries(
    allTools().map((t) => [
      t.name,
      z.toJSONSchema(t.schema, { unrepresentable: 'any', io: 'input', target: 'draft-7' }),
    ]),
  );
  await expect(`${JSON.stringify(all, null, 1)}\n`).toMatchFileSnapshot('./__snapshots__/tool-schemas.json');
});
