// What the current Polar SDK (`@polar-sh/sdk` 1.x, API version folder `dist/<version>/`) declares,
// read with the TypeScript compiler, since the SDK ships no run-time schemas (docs/polar-sdk.md):
// every method of `createPolar(…)`'s client with the type its promise resolves to, and a checker
// of a JSON answer against such a type (required properties present, each value of its declared
// type, literal unions respected). Extra properties are allowed, as the SDK ignores them.
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export type SdkMethod = {
  /** `products.list`, `customerPortal.subscriptions.get`. */
  name: string;
  /** What the method's promise resolves to; null for `void` and for iterators. */
  resolves: ts.Type | null;
};

export type DeclaredSdk = {
  version: string;
  methods: SdkMethod[];
  /** The problems of `value` against `type`, each as `<path>: <what>`; empty when it conforms. */
  check(value: unknown, type: ts.Type): string[];
  typeName(type: ts.Type): string;
};

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Loads the SDK's declarations for one API version (`2026-10`). Takes a few seconds: once per file. */
export function loadDeclaredSdk(version: string): DeclaredSdk {
  const entry = path.join(ROOT, "test/polar-sdk/__declared_entry__.ts");
  const source = `import { createPolar } from "@polar-sh/sdk/${version}";\nexport type Client = ReturnType<typeof createPolar>;\n`;
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (file) => (file === entry ? source : readFile(file));
  host.fileExists = (file) => file === entry || fileExists(file);
  host.getSourceFile = (file, languageVersion, onError, shouldCreate) =>
    file === entry
      ? ts.createSourceFile(file, source, languageVersion, true)
      : getSourceFile(file, languageVersion, onError, shouldCreate);
  const program = ts.createProgram([entry], options, host);
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(entry)!;
  const alias = file.statements.find(ts.isTypeAliasDeclaration)!;
  const client = checker.getTypeAtLocation(alias.name);
  if (client.getProperties().length === 0) {
    throw new Error(`@polar-sh/sdk/${version} could not be loaded: is the package installed?`);
  }

  const methods: SdkMethod[] = [];
  const walk = (type: ts.Type, prefix: string, depth: number) => {
    for (const property of type.getProperties()) {
      const propertyType = checker.getTypeOfSymbol(property);
      const name = prefix ? `${prefix}.${property.name}` : property.name;
      const [signature] = propertyType.getCallSignatures();
      if (signature) {
        methods.push({ name, resolves: resolvedType(checker, signature.getReturnType()) });
      } else if (depth < 3 && propertyType.flags & ts.TypeFlags.Object) {
        walk(propertyType, name, depth + 1);
      }
    }
  };
  walk(client, "", 0);

  return {
    version,
    methods,
    check: (value, type) => {
      const problems: string[] = [];
      checkValue(checker, value, type, "$", problems, 0);
      return problems;
    },
    typeName: (type) => checker.typeToString(type),
  };
}

/** `Promise<T>` → T; `void`, iterators and anything else → null. */
function resolvedType(checker: ts.TypeChecker, type: ts.Type): ts.Type | null {
  const symbol = type.getSymbol();
  if (symbol?.name !== "Promise") return null;
  const [inner] = checker.getTypeArguments(type as ts.TypeReference);
  if (!inner || inner.flags & ts.TypeFlags.Void) return null;
  return inner;
}

const MAX_DEPTH = 12;

function checkValue(
  checker: ts.TypeChecker,
  value: unknown,
  type: ts.Type,
  at: string,
  problems: string[],
  depth: number,
): void {
  if (depth > MAX_DEPTH) return;
  const flags = type.flags;
  if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return;
  if (type.isUnion()) {
    let best: string[] | null = null;
    for (const member of type.types) {
      const found: string[] = [];
      checkValue(checker, value, member, at, found, depth + 1);
      if (found.length === 0) return;
      if (!best || found.length < best.length) best = found;
    }
    // None fits: the closest member's problems when the value is an object, else one line.
    if (best && value !== null && typeof value === "object" && !Array.isArray(value)) problems.push(...best);
    else problems.push(`${at}: ${describe(value)} is not ${checker.typeToString(type)}`);
    return;
  }
  if (type.isIntersection()) {
    for (const member of type.types) checkValue(checker, value, member, at, problems, depth + 1);
    return;
  }
  if (flags & ts.TypeFlags.Null) return expect(value === null, at, value, "null", problems);
  if (flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) {
    return expect(value === undefined, at, value, "undefined", problems);
  }
  if (type.isStringLiteral())
    return expect(value === type.value, at, value, JSON.stringify(type.value), problems);
  if (type.isNumberLiteral()) return expect(value === type.value, at, value, String(type.value), problems);
  if (flags & ts.TypeFlags.BooleanLiteral) {
    const literal = checker.typeToString(type) === "true";
    return expect(value === literal, at, value, String(literal), problems);
  }
  if (flags & ts.TypeFlags.StringLike)
    return expect(typeof value === "string", at, value, "string", problems);
  if (flags & ts.TypeFlags.NumberLike)
    return expect(typeof value === "number", at, value, "number", problems);
  if (flags & ts.TypeFlags.BooleanLike) {
    return expect(typeof value === "boolean", at, value, "boolean", problems);
  }
  if (!(flags & ts.TypeFlags.Object)) return;
  if (checker.isArrayType(type) || checker.isTupleType(type)) {
    if (!Array.isArray(value)) return void problems.push(`${at}: ${describe(value)} is not an array`);
    const [element] = checker.getTypeArguments(type as ts.TypeReference);
    if (element)
      value.forEach((item, i) => checkValue(checker, item, element, `${at}[${i}]`, problems, depth + 1));
    return;
  }
  const symbolName = type.getSymbol()?.name;
  if (symbolName === "Date") return expect(typeof value === "string", at, value, "a date string", problems);
  if (type.getCallSignatures().length) return;
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return void problems.push(`${at}: ${describe(value)} is not ${checker.typeToString(type)}`);
  }
  const record = value as Record<string, unknown>;
  for (const property of type.getProperties()) {
    const optional = (property.flags & ts.SymbolFlags.Optional) !== 0;
    const propertyType = checker.getTypeOfSymbol(property);
    if (!(property.name in record)) {
      if (!optional) problems.push(`${at}.${property.name}: missing (${checker.typeToString(propertyType)})`);
      continue;
    }
    checkValue(checker, record[property.name], propertyType, `${at}.${property.name}`, problems, depth + 1);
  }
  const index = type.getStringIndexType();
  if (index) {
    const declared = new Set(type.getProperties().map((p) => p.name));
    for (const [key, item] of Object.entries(record)) {
      if (!declared.has(key)) checkValue(checker, item, index, `${at}.${key}`, problems, depth + 1);
    }
  }
}

function expect(ok: boolean, at: string, value: unknown, wanted: string, problems: string[]) {
  if (!ok) problems.push(`${at}: ${describe(value)} is not ${wanted}`);
}

function describe(value: unknown): string {
  if (value === undefined) return "undefined";
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
