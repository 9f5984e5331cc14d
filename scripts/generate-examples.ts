// Bundles the documentation's example manifests into the engine.
//
//   npx tsx scripts/generate-examples.ts
//
// Reads every file under public/examples/ (the copies of https://k8s.io/examples/... that the
// seed documents show or link to) plus public/examples/index.json (the gallery list), checks
// that the two agree, and writes src/engine/kubectl/examples.generated.ts. The engine cannot
// read files or fetch URLs, so kubectl resolves `-f <url>` against that module.
//
// The rendering functions are exported so examples.test.ts can regenerate the module in memory
// and fail when the committed copy is stale.

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ExampleIndexEntry {
  /** Path below k8s.io/examples/ (or the bare file name the docs use), with forward slashes. */
  path: string;
  title: string;
  /** Kinds of the objects in the file, in document order, without repeats. */
  kinds: string[];
  /** Which seed document and section the manifest comes from. */
  seed: string;
  /** `shown`: the manifest text is in the seed; `linked`: only a page the seed links to shows it. */
  origin: 'shown' | 'linked';
  /** Whether https://k8s.io/examples/<path> serves this file (false for manifests only inline in a page). */
  upstream: boolean;
  note?: string;
}

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const examplesDir = join(repoRoot, 'public', 'examples');
export const indexFile = join(examplesDir, 'index.json');
export const generatedFile = join(repoRoot, 'src', 'engine', 'kubectl', 'examples.generated.ts');

const INDEX_NAME = 'index.json';

/** Every example file below `dir` (index.json excluded), keyed by forward-slash path, sorted by path. */
export function collectExampleFiles(dir: string = examplesDir): Record<string, string> {
  const paths: string[] = [];
  const walk = (current: string): void => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        const rel = relative(dir, full).split(sep).join('/');
        if (rel !== INDEX_NAME) paths.push(rel);
      }
    }
  };
  walk(dir);
  paths.sort(comparePaths);
  const files: Record<string, string> = {};
  for (const path of paths) files[path] = readFileSync(join(dir, path), 'utf8').replace(/\r\n/g, '\n');
  return files;
}

export function readExampleIndex(file: string = indexFile): ExampleIndexEntry[] {
  return JSON.parse(readFileSync(file, 'utf8')) as ExampleIndexEntry[];
}

/** Problems that make the index and the files disagree (empty when they are in sync). */
export function checkIndex(files: Record<string, string>, index: ExampleIndexEntry[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const entry of index) {
    if (seen.has(entry.path)) problems.push(`index.json lists ${entry.path} twice`);
    seen.add(entry.path);
    if (!(entry.path in files)) problems.push(`index.json lists ${entry.path}, which is not in public/examples`);
    for (const field of ['title', 'seed'] as const) {
      if (typeof entry[field] !== 'string' || entry[field] === '') problems.push(`${entry.path}: "${field}" is missing`);
    }
    if (!Array.isArray(entry.kinds) || entry.kinds.length === 0) problems.push(`${entry.path}: "kinds" is missing`);
    if (entry.origin !== 'shown' && entry.origin !== 'linked') problems.push(`${entry.path}: "origin" must be shown or linked`);
    if (typeof entry.upstream !== 'boolean') problems.push(`${entry.path}: "upstream" must be a boolean`);
  }
  for (const path of Object.keys(files)) {
    if (!seen.has(path)) problems.push(`public/examples/${path} is not listed in index.json`);
  }
  return problems;
}

/** The text of src/engine/kubectl/examples.generated.ts for these files and index entries. */
export function renderExamplesModule(files: Record<string, string>, index: ExampleIndexEntry[]): string {
  const lines: string[] = [];
  lines.push('// GENERATED FILE - DO NOT EDIT.');
  lines.push('// Written by scripts/generate-examples.ts (`npx tsx scripts/generate-examples.ts`) from');
  lines.push('// public/examples/** and public/examples/index.json. Edit those and run the script again.');
  lines.push('');
  lines.push('export interface BundledExampleEntry {');
  lines.push('  /** Path below k8s.io/examples/ (or the bare file name the docs use). */');
  lines.push('  path: string;');
  lines.push('  title: string;');
  lines.push('  /** Kinds of the objects in the file, in document order. */');
  lines.push('  kinds: string[];');
  lines.push('  /** Seed document and section the manifest comes from. */');
  lines.push('  seed: string;');
  lines.push('  /** `shown`: the manifest is in the seed text; `linked`: only a page the seed links to shows it. */');
  lines.push("  origin: 'shown' | 'linked';");
  lines.push('  /** Whether https://k8s.io/examples/<path> serves this file. */');
  lines.push('  upstream: boolean;');
  lines.push('  note?: string;');
  lines.push('}');
  lines.push('');
  lines.push('export const bundledExamples: Record<string, string> = {');
  for (const path of Object.keys(files).sort(comparePaths)) {
    lines.push(`  ${quote(path)}: \`${escapeTemplate(files[path])}\`,`);
  }
  lines.push('};');
  lines.push('');
  lines.push('export const bundledExampleIndex: readonly BundledExampleEntry[] = [');
  for (const entry of index) {
    const ordered: ExampleIndexEntry = {
      path: entry.path,
      title: entry.title,
      kinds: [...entry.kinds],
      seed: entry.seed,
      origin: entry.origin,
      upstream: entry.upstream,
      ...(entry.note !== undefined ? { note: entry.note } : {}),
    };
    lines.push(`  ${JSON.stringify(ordered)},`);
  }
  lines.push('];');
  lines.push('');
  return lines.join('\n');
}

function comparePaths(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function quote(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function escapeTemplate(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
}

function main(): void {
  const files = collectExampleFiles();
  const index = readExampleIndex();
  const problems = checkIndex(files, index);
  if (problems.length > 0) {
    for (const problem of problems) console.error(`generate-examples: ${problem}`);
    process.exit(1);
  }
  writeFileSync(generatedFile, renderExamplesModule(files, index));
  console.log(`generate-examples: wrote ${relative(repoRoot, generatedFile)} (${Object.keys(files).length} examples)`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
