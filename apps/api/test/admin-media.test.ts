import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '@dasturxon/db/seed';
import { AuditList, UploadedPicture } from '@dasturxon/domain/contracts';
import { createTestApp, signInStaff, staffCaller, type TestApp } from './harness.ts';

const T = DEMO.tezkor;

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
function formWith(bytes: Buffer, filename: string, type: string) {
  const boundary = `----dx${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('the back office picture upload', () => {
  let t: TestApp;
  let dataDir: string;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dx-upload-'));
    t = await createTestApp('pglite', { DATA_DIR: dataDir, MEDIA_UPLOAD_MB: '0.5' });
    for (const role of ['owner', 'manager', 'kitchen'] as const)
      tokens[role] = await signInStaff(t, T.staffPhones[role], T.id, T.staffPassword);
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const upload = (token: string | null, bytes: Buffer, filename: string, type: string) => {
    const form = formWith(bytes, filename, type);
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/v1/media',
      headers: { 'x-merchant-id': T.id, ...(token ? { authorization: `Bearer ${token}` } : {}), ...form.headers },
      payload: form.payload,
    });
  };

  it('keeps a picture upright, bounded and without its metadata, under a key the image service serves', async () => {
    // A tall photo stored sideways with an EXIF orientation, as phones do, and a place in its metadata.
    const photo = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#c0392b' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'somewhere secret' } } })
      .toBuffer();
    const res = await upload(tokens.owner!, photo, 'burger.jpg', 'image/jpeg');
    expect(res.statusCode, res.body).toBe(201);
    const stored = UploadedPicture.parse(res.json());
    expect(stored.key).toMatch(new RegExp(`^u/${T.id}/[0-9a-f]{32}\\.webp$`));
    expect([stored.width, stored.height]).toEqual([1000, 2000]);
    const again = UploadedPicture.parse((await upload(tokens.manager!, photo, 'same.jpg', 'image/jpeg')).json());
    expect(again.key).toBe(stored.key);

    const served = await t.app.inject({ method: 'GET', url: `${stored.url}?w=200&h=200&f=webp` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-media-placeholder']).toBe('no');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();

    const log = AuditList.parse((await staffCaller(t, tokens.owner!, T.id)('GET', '/admin/v1/audit?objectType=media')).json());
    expect(log.content[0]).toMatchObject({ objectId: stored.key, action: 'create', actor: { role: 'manager' } });
  });

  it('refuses what is not a picture, an SVG, a file over the limit, and the roles without a back office', async () => {
    const text = await upload(tokens.owner!, Buffer.from('just some text'), 'a.png', 'image/png');
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ code: 'MEDIA_INVALID' });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    expect((await upload(tokens.owner!, svg, 'a.svg', 'image/svg+xml')).json()).toMatchObject({ code: 'MEDIA_INVALID' });
    const noise = await sharp(Buffer.from(Array.from({ length: 800 * 800 * 3 }, (_, i) => (i * 7919) % 251)), {
      raw: { width: 800, height: 800, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const big = await upload(tokens.owner!, noise, 'big.png', 'image/png');
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'MEDIA_TOO_LARGE' });
    const small = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect((await upload(tokens.kitchen!, small, 'a.png', 'image/png')).statusCode).toBe(403);
    expect((await upload(null, small, 'a.png', 'image/png')).statusCode).toBe(401);
    const json = await staffCaller(t, tokens.owner!, T.id)('POST', '/admin/v1/media', { file: 'x' });
    expect(json.json()).toMatchObject({ code: 'MEDIA_INVALID' });
  });
});
