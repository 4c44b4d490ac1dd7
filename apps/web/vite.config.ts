import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, parseAst, type Plugin } from 'vite';
// The config runs in plain Node, which cannot load the domain's TypeScript; the package version equals
// the domain's APP_VERSION (checked by src/lib/app-version.test.ts).
import webPackage from './package.json' with { type: 'json' };

/** One id per build: the running page compares it with /version.json to notice a newer deployment. */
const BUILD_ID = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** Writes `dist/version.json`, which the storefront polls (spec section 4, "Version"). */
function versionFile(): Plugin {
  return {
    name: 'dx-version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: `${JSON.stringify({ version: webPackage.version, build: BUILD_ID })}\n`,
      });
    },
  };
}

/**
 * The domain builds its zod schemas at module top level. They are pure (the domain does no I/O,
 * DESIGN.md convention 2), but the bundler cannot know that, so every schema, and with it all of
 * zod, would land in the first screen even when only a small rule function is imported. Each
 * top-level `const` whose initializer calls something is wrapped in an immediately invoked arrow
 * marked pure: evaluated exactly as before when used, dropped when nobody uses it.
 */
type AstNode = { type?: string; start?: number; end?: number; [key: string]: unknown };
const DEFERRED = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'FunctionDeclaration', 'ClassExpression', 'ClassDeclaration']);

function callsSomething(node: unknown): boolean {
  if (!node || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some(callsSomething);
  const n = node as AstNode;
  if (n.type && DEFERRED.has(n.type)) return false;
  if (n.type === 'CallExpression' || n.type === 'NewExpression' || n.type === 'TaggedTemplateExpression') return true;
  return Object.entries(n).some(([key, value]) => key !== 'type' && value !== null && typeof value === 'object' && callsSomething(value));
}

export function markTopLevelInitializersPure(code: string): string {
  const program = parseAst(code, { lang: 'ts', sourceType: 'module' }) as unknown as { body: AstNode[] };
  const spans: [number, number][] = [];
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as AstNode | null) : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const d of declaration.declarations as AstNode[]) {
      const init = d.init as AstNode | null;
      if (init && typeof init.start === 'number' && typeof init.end === 'number' && callsSomething(init)) spans.push([init.start, init.end]);
    }
  }
  let out = code;
  for (const [from, to] of spans.sort((a, b) => b[0] - a[0])) {
    out = `${out.slice(0, from)}/* @__PURE__ */ (() => (${out.slice(from, to)}))()${out.slice(to)}`;
  }
  return out;
}

function pureDomainSchemas(): Plugin {
  return {
    name: 'dx-pure-domain-schemas',
    enforce: 'pre',
    apply: 'build',
    transform: {
      filter: { id: /packages[\\/]domain[\\/]src[\\/].*\.ts$/ },
      handler(code) {
        return { code: markTopLevelInitializersPure(code), map: null };
      },
    },
  };
}

const isDomainOrZod = (id: string) => /packages[\\/]domain[\\/]src[\\/]|node_modules[\\/]zod[\\/]/.test(id);

export default defineConfig({
  plugins: [pureDomainSchemas(), react(), tailwindcss(), versionFile()],
  define: {
    __BUILD_ID__: JSON.stringify(BUILD_ID),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    // Every browser that runs this code knows <link rel=modulepreload>.
    modulePreload: { polyfill: false },
    // Translation files must stay separate files, fetched for the current language only.
    assetsInlineLimit: (file) => (file.endsWith('.json') ? false : undefined),
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first screen needs travels in one file (a phone on a slow network pays per
          // request); pages and layouts other than the home page stay in their own small files.
          groups: [{ name: 'shell', test: /apps[\\/]web[\\/]src[\\/]main\.tsx$/ }],
        },
      },
      treeshake: {
        moduleSideEffects: (id) => !isDomainOrZod(id),
      },
    },
  },
  server: {
    // `npx vite` on {sub}.localhost:5173 talks to the API on 3311; the Host header is kept, so the brand resolves.
    proxy: {
      '/api': { target: 'http://localhost:3311', changeOrigin: false },
      '/media': { target: 'http://localhost:3311', changeOrigin: false },
    },
  },
});
