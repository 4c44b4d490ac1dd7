import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, loadConfigFromFile, type ConfigEnv, type Plugin, type PluginOption } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEPT_BUILDS, keepBuilds } from '../../../scripts/vite-keep-builds.ts';
import { createTestApp, type TestApp } from './harness.ts';

/*
 * Decision 012: a deploy leaves the previous build's hashed files in place, and each server process serves the page
 * of the build it started with. Two versions of a small app are built with Vite into one folder, as `npm run build`
 * builds the storefront and the console; a server started on version A and one started after the rebuild (B), as
 * during a rolling deploy, are both asked for A's files and pages.
 */

const YEAR = 'public, max-age=31536000, immutable';
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A small app with what the storefront has: an entry, a stylesheet, a chunk loaded on demand, a version file. */
async function writeApp(dir: string, version: string) {
  await mkdir(join(dir, 'src'), { recursive: true });
  await mkdir(join(dir, 'public'), { recursive: true });
  await writeFile(
    join(dir, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8" /><title>app</title></head><body><div id="root"></div><script type="module" src="/src/main.js"></script></body></html>`,
  );
  await writeFile(
    join(dir, 'src', 'main.js'),
    `import './style.css';\nconsole.log(${JSON.stringify(`main ${version}`)});\nwindow.later = () => import('./later.js');\n`,
  );
  await writeFile(join(dir, 'src', 'later.js'), `export const page = ${JSON.stringify(`later ${version}`)};\n`);
  await writeFile(join(dir, 'src', 'style.css'), `body { content: ${JSON.stringify(version)}; }\n`);
  await writeFile(join(dir, 'public', 'version.json'), JSON.stringify({ build: version }));
}

/** What a project's Vite config says of keeping earlier builds: whether it empties its folder, and its keeping plugin. */
interface KeepSettings {
  emptyOutDir: boolean | null | undefined;
  plugins: Plugin[];
}

async function keepSettingsOf(configFile: string, env: ConfigEnv): Promise<KeepSettings> {
  const loaded = await loadConfigFromFile(env, join(ROOT, configFile), join(ROOT, configFile, '..'), 'silent');
  const plugins = (loaded!.config.plugins as PluginOption[]).flat(Infinity as 1) as Plugin[];
  return { emptyOutDir: loaded!.config.build?.emptyOutDir, plugins: plugins.filter((p) => p?.name === keepBuilds().name) };
}

const CLIENT: ConfigEnv = { command: 'build', mode: 'production', isSsrBuild: false };

/** `vite build` of the app into `outDir`, emptying it or keeping earlier builds as the real project's config does. */
async function buildApp(source: string, outDir: string, version: string, settings: KeepSettings, base = '/') {
  await writeApp(source, version);
  await build({
    root: source,
    base,
    configFile: false,
    logLevel: 'silent',
    plugins: settings.plugins,
    build: { outDir, emptyOutDir: settings.emptyOutDir ?? undefined, manifest: true, minify: false },
  });
}

/** The hashed files a page asks for, and the chunks its entry loads on demand, as the browser would ask for them. */
async function assetUrlsOf(t: TestApp, pagePath: string, host = 'tezkor.localhost:3000'): Promise<string[]> {
  const page = await t.app.inject({ method: 'GET', url: pagePath, headers: { host } });
  expect(page.statusCode).toBe(200);
  const urls = [...page.body.matchAll(/(?:src|href)="([^"]*\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  for (const url of urls.filter((u) => u.endsWith('.js'))) {
    const code = (await t.app.inject({ method: 'GET', url, headers: { host } })).body;
    for (const m of code.matchAll(/import\(\s*["']\.\/([^"']+\.js)["']\s*\)/g)) urls.push(url.slice(0, url.lastIndexOf('/') + 1) + m[1]);
  }
  return urls;
}

describe('assets across deploys', () => {
  let work: string;
  let webDist: string;
  let opsDist: string;
  let serverA: TestApp;
  let serverB: TestApp;
  let pageA: string[];
  let consoleA: string[];
  let storefront: KeepSettings;
  let staff: KeepSettings;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'dx-deploys-'));
    webDist = join(work, 'web-dist');
    opsDist = join(work, 'ops-dist');
    // Built as the storefront's and the console's own configs build.
    storefront = await keepSettingsOf('apps/web/vite.config.ts', CLIENT);
    staff = await keepSettingsOf('apps/ops/vite.config.ts', CLIENT);
    await buildApp(join(work, 'web'), webDist, 'A', storefront);
    await buildApp(join(work, 'ops'), opsDist, 'A', staff, '/ops/');
    serverA = await createTestApp('pglite', { WEB_DIST: webDist, OPS_DIST: opsDist });
    pageA = await assetUrlsOf(serverA, '/');
    consoleA = await assetUrlsOf(serverA, '/ops/');
    // The rebuild while version A is still serving, then a server of version B beside it.
    await buildApp(join(work, 'web'), webDist, 'B', storefront);
    await buildApp(join(work, 'ops'), opsDist, 'B', staff, '/ops/');
    serverB = await createTestApp('pglite', { WEB_DIST: webDist, OPS_DIST: opsDist });
  });
  afterAll(async () => {
    await serverA?.close();
    await serverB?.close();
    await rm(work, { recursive: true, force: true });
  });

  it('answers every file of a page of the previous build, cached for a year, from the old and the new server', async () => {
    // The entry, its stylesheet and the chunk it loads on demand.
    expect(pageA.filter((u) => u.endsWith('.js'))).toHaveLength(2);
    expect(pageA.filter((u) => u.endsWith('.css'))).toHaveLength(1);
    expect(consoleA.every((u) => u.startsWith('/ops/assets/'))).toBe(true);
    expect(consoleA).toHaveLength(3);
    for (const server of [serverA, serverB]) {
      for (const url of [...pageA, ...consoleA]) {
        const res = await server.app.inject({ method: 'GET', url, headers: { host: 'tezkor.localhost:3000' } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe(YEAR);
      }
    }
    const chunk = pageA.find((u) => /later-/.test(u))!;
    expect((await serverB.app.inject({ method: 'GET', url: chunk })).body).toContain('later A');
  });

  it("sends the new build's pages from the new server, and the old server's own build from the old one", async () => {
    const pageB = await assetUrlsOf(serverB, '/');
    const consoleB = await assetUrlsOf(serverB, '/ops/');
    expect(pageB).toHaveLength(3);
    expect(pageB.some((u) => pageA.includes(u))).toBe(false);
    expect(consoleB.some((u) => consoleA.includes(u))).toBe(false);
    expect((await serverB.app.inject({ method: 'GET', url: pageB.find((u) => /later-/.test(u))! })).body).toContain('later B');
    // The old process goes on with the page, the version file and (for pages it renders) the renderer it started with.
    expect(await assetUrlsOf(serverA, '/')).toEqual(pageA);
    expect(await assetUrlsOf(serverA, '/ops/')).toEqual(consoleA);
    const versionOf = async (t: TestApp) => {
      const res = await t.app.inject({ method: 'GET', url: '/version.json' });
      expect(res.headers['cache-control']).toBe('no-store');
      return res.json();
    };
    expect(await versionOf(serverA)).toEqual({ build: 'A' });
    expect(await versionOf(serverB)).toEqual({ build: 'B' });
  });

  it(`keeps the hashed files of the last ${KEPT_BUILDS} builds only`, async () => {
    const pageB = await assetUrlsOf(serverB, '/');
    await buildApp(join(work, 'web'), webDist, 'C', storefront);
    for (const url of [...pageA, ...pageB]) expect((await serverB.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    await buildApp(join(work, 'web'), webDist, 'D', storefront);
    for (const url of pageA) expect((await serverB.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    for (const url of pageB) expect((await serverB.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    expect(await readdir(join(webDist, '.vite', 'builds'))).toHaveLength(KEPT_BUILDS);
  });

  it("keeps earlier builds in the storefront's, its renderer's and the console's own builds", async () => {
    const kept = (settings: KeepSettings) => ({ emptyOutDir: settings.emptyOutDir, plugins: settings.plugins.length });
    expect(kept(storefront)).toEqual({ emptyOutDir: false, plugins: 1 });
    expect(kept(await keepSettingsOf('apps/web/vite.config.ts', { ...CLIENT, isSsrBuild: true }))).toEqual({
      emptyOutDir: false,
      plugins: 1,
    });
    expect(kept(staff)).toEqual({ emptyOutDir: false, plugins: 1 });
  });
});
