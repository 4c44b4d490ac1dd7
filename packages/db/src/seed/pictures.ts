import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bannerPicture, faviconPicture, foodPicture, logoPicture, placeholderPicture, storyPreview, storySlide } from './art.ts';
import { mediaKey, type BrandCatalogue } from './catalogue.ts';
import { NAVBAHOR_CATALOGUE } from './navbahor.catalogue.ts';
import { TEZKOR_CATALOGUE } from './tezkor.catalogue.ts';
import { TEZKOR_COFFEE_CATALOGUE } from './tezkor-coffee.catalogue.ts';
import { YOPIQ_CATALOGUE } from './yopiq.catalogue.ts';

/** `packages/db/media`: image keys in the database are relative to it. */
export const MEDIA_DIR = fileURLToPath(new URL('../../media', import.meta.url));

export const DEMO_CATALOGUES: readonly BrandCatalogue[] = [TEZKOR_CATALOGUE, TEZKOR_COFFEE_CATALOGUE, NAVBAHOR_CATALOGUE, YOPIQ_CATALOGUE];

/** Every demo picture by its media key. Deterministic: the same catalogue always gives the same bytes. */
export function demoPictures(): Map<string, string> {
  const files = new Map<string, string>([[mediaKey.placeholder, placeholderPicture()]]);
  for (const c of DEMO_CATALOGUES) {
    files.set(mediaKey.logo(c.sub), logoPicture(c.logo));
    files.set(mediaKey.favicon(c.sub), faviconPicture(c.logo));
    for (const group of c.groups) {
      for (const category of group.categories) {
        files.set(mediaKey.category(c.sub, category.key), foodPicture(category.art, category.backdrop));
        for (const p of category.products) files.set(mediaKey.product(c.sub, p.slug), foodPicture(p.art, category.backdrop));
      }
    }
    for (const b of c.banners) files.set(mediaKey.banner(c.sub, b.key), bannerPicture(b.art));
    for (const s of c.stories) {
      files.set(mediaKey.storyPreview(c.sub, s.key), storyPreview({ from: s.from, to: s.to, art: s.cover }));
      s.slides.forEach((slide, i) =>
        files.set(mediaKey.storySlide(c.sub, s.key, i), storySlide({ from: s.from, to: s.to, art: slide.art }, i)),
      );
    }
  }
  return files;
}

/** Rewrites `demo/` and the placeholder under the media folder; pictures no longer drawn are removed. */
export async function writeDemoPictures(mediaDir: string = MEDIA_DIR): Promise<number> {
  const files = demoPictures();
  await rm(join(mediaDir, 'demo'), { recursive: true, force: true });
  for (const [key, svg] of files) {
    const path = join(mediaDir, key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, svg);
  }
  return files.size;
}

// `node --import tsx packages/db/src/seed/pictures.ts` regenerates the committed pictures.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const count = await writeDemoPictures();
  console.log(`Wrote ${count} pictures under ${MEDIA_DIR}`);
}
