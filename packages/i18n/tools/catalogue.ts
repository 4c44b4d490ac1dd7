import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { formatter } from '@lingui/format-po';
import { compileMessageOrThrow, type CompiledIcuChoices, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import ts from 'typescript';

/*
 * Build-time tools of the catalogues (Node only, never in a page): the PO format both apps write, reading a
 * catalogue, the placeholders of an ICU message, and the extractor `lingui extract` runs (lingui.config.ts).
 */

/** PO as both apps keep it: the dotted id is the msgid (no "explicit id" mark on each), no source references. */
export const poFormat = () => formatter({ origins: false, explicitIdAsDefault: true });

/** A PO catalogue's text → `id → ICU message` (the msgstr as written; obsolete entries left out). */
export function readCatalogue(text: string): Map<string, string> {
  const catalogue = poFormat().parse(text, {} as never) as Record<string, { translation?: string; obsolete?: boolean }>;
  const out = new Map<string, string>();
  for (const [id, entry] of Object.entries(catalogue)) if (!entry.obsolete) out.set(id, entry.translation ?? '');
  return out;
}

/** The names an ICU message fills in (`{name}`, `{count, plural, …}`), sorted; throws on a message that does not compile. */
export function placeholdersOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      const [name, , format] = token;
      names.add(name);
      if (format && typeof format === 'object') {
        for (const [key, choice] of Object.entries(format as CompiledIcuChoices))
          if (key !== 'offset' && Array.isArray(choice)) walk(choice);
      }
    }
  };
  walk(compileMessageOrThrow(message));
  return [...names].sort();
}

const isT = (call: ts.CallExpression) => {
  const callee = call.expression;
  return (ts.isIdentifier(callee) && callee.text === 't') || (ts.isPropertyAccessExpression(callee) && callee.name.text === 't');
};

/** The call whose first argument `node` is, through parentheses and `a ? b : c`. */
function argumentOfT(node: ts.Node): boolean {
  let at: ts.Node = node;
  while (ts.isParenthesizedExpression(at.parent) || (ts.isConditionalExpression(at.parent) && at.parent.condition !== at)) at = at.parent;
  return ts.isCallExpression(at.parent) && at.parent.arguments[0] === at && isT(at.parent);
}

export interface FoundId {
  id: string;
  line: number;
}

/**
 * The message ids a source file asks for. A string written as the first argument of `t(…)` is an id (a new one
 * too); any other string that is an id of the catalogue is one (`const REQUIRED_KEY = 'auth.validation.required'`);
 * a template whose fixed start ends with a dot (`t(\`orders.status.${label}\`)`) asks for every id of the catalogue
 * under that start. The same rule decides what `lingui extract` keeps and what the catalogue tests call used.
 */
export function idsIn(code: string, filename: string, known: ReadonlySet<string>): FoundId[] {
  const file = ts.createSourceFile(
    filename,
    code,
    ts.ScriptTarget.Latest,
    true,
    filename.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: FoundId[] = [];
  const add = (id: string, node: ts.Node) => found.push({ id, line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const moduleName =
        ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent) || ts.isExternalModuleReference(node.parent);
      if (!moduleName && (known.has(node.text) || argumentOfT(node))) add(node.text, node);
    } else if (ts.isTemplateExpression(node)) {
      const prefix = node.head.text;
      if (/^[A-Za-z][\w.]*\.$/.test(prefix)) for (const id of known) if (id.startsWith(prefix)) add(id, node);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

export interface CatalogueOfSources {
  /** The folder of the app's sources. */
  sources: string;
  /** The app's catalogue in the source language, whose ids are the known ones. */
  reference: string;
}

/** The extractor of `lingui extract` (lingui.config.ts): `idsIn` over each source file, against its app's catalogue. */
export function idExtractor(apps: CatalogueOfSources[]) {
  const known = new Map<string, Set<string>>();
  const knownOf = (reference: string) => {
    let ids = known.get(reference);
    if (!ids) {
      ids = new Set(readCatalogue(readFileSync(reference, 'utf8')).keys());
      known.set(reference, ids);
    }
    return ids;
  };
  return {
    match: (filename: string) => /\.tsx?$/.test(filename) && !/\.test\.tsx?$/.test(filename),
    extract(filename: string, code: string, onMessageExtracted: (message: { id: string; origin: [string, number] }) => void) {
      const app = apps.find(
        (a) => !relative(a.sources, filename).startsWith(`..${sep}`) && !relative(a.sources, filename).startsWith('..'),
      );
      if (!app) return;
      for (const { id, line } of idsIn(code, filename, knownOf(app.reference))) onMessageExtracted({ id, origin: [filename, line] });
    },
  };
}

/** What the catalogue tests of an app find wrong (empty when nothing is): the same check for both apps. */
export function catalogueProblems(
  catalogues: Map<string, Map<string, string>>,
  sources: Map<string, string>,
  languages: readonly string[],
): string[] {
  const problems: string[] = [];
  const reference = catalogues.get('ru');
  if (!reference) return ['no ru catalogue'];
  const files = [...catalogues.keys()].sort();
  if (files.join() !== [...languages].sort().join()) problems.push(`catalogues ${files} instead of ${[...languages].sort()}`);
  for (const [lang, messages] of catalogues) {
    for (const id of reference.keys()) if (!messages.has(id)) problems.push(`${lang}: ${id} is missing`);
    for (const [id, text] of messages) {
      if (!reference.has(id)) problems.push(`${lang}: ${id} is not in ru`);
      else if (!text.trim()) problems.push(`${lang}: ${id} is empty`);
      else {
        try {
          const own = placeholdersOf(text).join();
          const ru = placeholdersOf(reference.get(id)!).join();
          if (own !== ru) problems.push(`${lang}: ${id} fills in {${own}}, ru {${ru}}`);
        } catch (error) {
          problems.push(`${lang}: ${id} does not parse: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
  }
  const known = new Set(reference.keys());
  const asked = new Set<string>();
  for (const [file, code] of sources) {
    for (const { id, line } of idsIn(code, file, known)) {
      asked.add(id);
      if (!known.has(id)) problems.push(`${file}:${line} asks for ${id}, which the catalogue lacks`);
    }
  }
  for (const id of known) if (!asked.has(id)) problems.push(`${id} is never asked for`);
  return problems;
}
