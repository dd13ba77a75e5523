import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The house rules (docs/architecture.md, .dependency-cruiser.cjs), checked on every `npm test`:
 * imports only go down the layers, no cycles, web features apart; and no source file grows past
 * 350 lines.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const MAX_LINES = 350;

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder)).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe('architecture', () => {
  it('imports only downward, without cycles, and keeps web features apart (dependency-cruiser)', () => {
    const run = spawnSync(join(ROOT, 'node_modules', '.bin', 'depcruise'), ['--config', '.dependency-cruiser.cjs', '--output-type', 'err', 'functions', 'shared', 'infra', 'web/src'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(run.stdout + run.stderr).toContain('no dependency violations found');
    expect(run.status).toBe(0);
  }, 60_000);

  it(`keeps every source file in functions/ and web/src/ within ${MAX_LINES} lines`, () => {
    const long = [...sourceFiles('functions'), ...sourceFiles('web/src')]
      .map((path) => ({ path, lines: readFileSync(join(ROOT, path), 'utf8').split('\n').length - 1 }))
      .filter((file) => file.lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
