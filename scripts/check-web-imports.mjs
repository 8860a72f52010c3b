// `npm run check:imports`: the web app's one-way import rule (decision 0013). Code flows
// lib/ and components/ -> features/ -> app/: a feature never imports another feature, and
// components/ and lib/ never import a feature or app/. Prints every import that breaks the rule,
// counted per pair of folders, and fails when there is one.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const webSrc = path.resolve(import.meta.dirname, '..', 'apps', 'web', 'src');

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/**
 * The import specifiers of a module: static imports, re-exports, side-effect imports
 * (`import './x'`) and dynamic import() calls.
 */
function importsOf(source) {
  const pattern =
    /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  return [...source.matchAll(pattern)].map((match) => match[1] ?? match[2] ?? match[3]);
}

/** Where a module lives, as the rule sees it: 'features/<name>', 'app', 'components', 'lib' or null. */
function areaOf(file) {
  const parts = path.relative(webSrc, file).split(path.sep);
  if (parts[0] === 'features') return `features/${parts[1]}`;
  return ['app', 'components', 'lib'].includes(parts[0]) ? parts[0] : null;
}

function resolveImport(file, specifier) {
  if (specifier.startsWith('@/')) return path.join(webSrc, specifier.slice(2));
  if (specifier.startsWith('.')) return path.resolve(path.dirname(file), specifier);
  return null;
}

function breaksRule(from, to) {
  if (!from || !to || from === to) return false;
  if (from.startsWith('features/')) return to.startsWith('features/') || to === 'app';
  if (from === 'components' || from === 'lib') return to.startsWith('features/') || to === 'app';
  return false;
}

const violations = [];
for (const file of sourceFiles(webSrc)) {
  const from = areaOf(file);
  for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
    const target = resolveImport(file, specifier);
    const to = target ? areaOf(target) : null;
    if (breaksRule(from, to))
      violations.push({ file: path.relative(webSrc, file), specifier, pair: `${from} -> ${to}` });
  }
}

const pairs = new Map();
for (const { pair } of violations) pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
if (violations.length === 0) {
  console.log('web imports: 0 imports across features, none from components/ or lib/ into a feature');
} else {
  for (const { file, specifier } of violations) console.error(`  ${file} imports ${specifier}`);
  for (const [pair, count] of [...pairs].sort((a, b) => b[1] - a[1])) console.error(`${count}\t${pair}`);
  console.error(
    `web imports: ${violations.length} imports break the one-way rule across ${pairs.size} pairs ` +
      '(a feature may import lib/, components/ and itself; app/ composes features)',
  );
  process.exitCode = 1;
}
