// Measures the import graph (docs/architecture.md, "Layers and cycles"): the file-level import
// cycles of the whole app and the folder-level knot of lib/ (its strongly connected components,
// one node per folder `lib/<name>/`, each file directly under lib/ a node of its own).
//
//   npx tsx scripts/import-graph.ts            the summary
//   npx tsx scripts/import-graph.ts --verbose  also each knot's folder edges and the file imports behind them
//
// Edges are what runs: static imports, re-exports and dynamic `import()`. Type-only imports
// (`import type`, or every named specifier `type`) are left out, as the lint rule
// `import-x/no-cycle` leaves them out; `--types` counts them too. Test files count: a test importing
// production code is an edge like any other (nothing imports a test file, so a test is never part of
// a cycle). Only this repository's files are nodes: relative specifiers and the `@/` alias.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const ROOT = path.resolve(import.meta.dirname, "..");
const SKIP = new Set(["node_modules", ".git", ".data", "lib/generated", "test-results", "playwright-report"]);
const args = new Set(process.argv.slice(2));
const withTypes = args.has("--types");

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    const rel = path.relative(ROOT, full);
    if (SKIP.has(rel) || name.startsWith(".next")) continue;
    if (statSync(full).isDirectory()) sourceFiles(full, out);
    else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith(".d.ts")) out.push(rel);
  }
  return out;
}

const files = sourceFiles(ROOT).sort();
const known = new Set(files);

function resolveSpecifier(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = specifier.slice(2);
  else if (specifier.startsWith(".")) base = path.join(path.dirname(from), specifier);
  else return null;
  base = path.normalize(base).replace(/\.js$/, "");
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (known.has(candidate)) return candidate;
  }
  return null;
}

function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const clause = node.exportClause;
    return (
      !!clause &&
      ts.isNamedExports(clause) &&
      clause.elements.length > 0 &&
      clause.elements.every((e) => e.isTypeOnly)
    );
  }
  const clause = node.importClause;
  if (!clause) return false; // `import "x"`: runs x
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return (
    !!bindings &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((e) => e.isTypeOnly)
  );
}

/** file -> the files it imports */
const graph = new Map<string, Set<string>>();
for (const file of files) {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const targets = new Set<string>();
  const add = (specifier: string) => {
    const target = resolveSpecifier(file, specifier);
    if (target && target !== file) targets.add(target);
  };
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier) && (withTypes || !isTypeOnly(node)))
        add(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [first] = node.arguments;
      if (first && ts.isStringLiteralLike(first)) add(first.text);
    } else if (withTypes && ts.isImportTypeNode(node)) {
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg) && ts.isStringLiteral(arg.literal)) add(arg.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  graph.set(file, targets);
}

/** Tarjan's strongly connected components, iterative (the graph is deep enough to matter). */
function components<T>(nodes: Iterable<T>, next: (node: T) => Iterable<T>): T[][] {
  const index = new Map<T, number>();
  const low = new Map<T, number>();
  const onStack = new Set<T>();
  const stack: T[] = [];
  const result: T[][] = [];
  let counter = 0;
  for (const start of nodes) {
    if (index.has(start)) continue;
    const work: { node: T; edges: Iterator<T> }[] = [];
    const enter = (node: T) => {
      index.set(node, counter);
      low.set(node, counter++);
      stack.push(node);
      onStack.add(node);
      work.push({ node, edges: next(node)[Symbol.iterator]() });
    };
    enter(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const step = frame.edges.next();
      if (!step.done) {
        const target = step.value;
        if (!index.has(target)) enter(target);
        else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: T[] = [];
        let member: T;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        result.push(component);
      }
    }
  }
  return result;
}

const fileCycles = components(files, (file) => graph.get(file) ?? [])
  .filter((c) => c.length > 1)
  .sort((a, b) => b.length - a.length);
const filesInCycles = fileCycles.reduce((sum, c) => sum + c.length, 0);

// lib/<folder>/… -> "lib/<folder>"; a file directly under lib/ is a node of its own.
function libNode(file: string): string | null {
  if (!file.startsWith("lib/")) return null;
  const parts = file.split("/");
  return parts.length > 2 ? `lib/${parts[1]}` : file;
}

const folderEdges = new Map<string, Map<string, string[]>>(); // from -> to -> the file edges behind it
for (const [file, targets] of graph) {
  const from = libNode(file);
  if (!from || /\.test\.tsx?$/.test(file)) continue; // a test belongs to no layer
  for (const target of targets) {
    const to = libNode(target);
    if (!to || to === from) continue;
    if (!folderEdges.has(from)) folderEdges.set(from, new Map());
    const edges = folderEdges.get(from)!;
    edges.set(to, [...(edges.get(to) ?? []), `${file} -> ${target}`]);
  }
}
const folders = [...new Set(files.map(libNode).filter((n): n is string => n !== null && !n.endsWith(".ts")))];
const libNodes = [...new Set(files.map(libNode).filter((n): n is string => n !== null))].sort();
const knots = components(libNodes, (node) => folderEdges.get(node)?.keys() ?? [])
  .filter((c) => c.length > 1)
  .map((c) => c.sort())
  .sort((a, b) => b.length - a.length);
const knotFolders = knots.flat().filter((n) => !n.endsWith(".ts"));

console.log(
  `Import graph of ${files.length} files (${withTypes ? "type-only imports included" : "type-only imports left out"})`,
);
console.log(`\nFile-level cycles: ${fileCycles.length} (${filesInCycles} files)`);
for (const cycle of fileCycles) console.log(`  ${cycle.length} files: ${cycle.sort().join(", ")}`);
console.log(`\nlib/ folders: ${folders.length}; in a folder-level knot: ${knotFolders.length}`);
for (const knot of knots) {
  console.log(`  ${knot.length} nodes: ${knot.join(", ")}`);
  for (const from of knot) {
    for (const [to, edges] of folderEdges.get(from) ?? []) {
      if (!knot.includes(to) || !args.has("--verbose")) continue;
      console.log(`    ${from} -> ${to}`);
      for (const edge of edges) console.log(`        ${edge}`);
    }
  }
}
