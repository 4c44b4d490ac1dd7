/*
 * The brand command (issue 28): open a new brand, deactivate or reactivate one, without code.
 *
 *   npm run brand -- create --sub burger-house --name "Burger House" --owner-phone +998901234567 [--owner-name "…"] [--lang uz]
 *   npm run brand -- deactivate --sub burger-house
 *   npm run brand -- activate --sub burger-house
 *
 * With `--api <url>` (or DASTURXON_API_URL) and PLATFORM_ADMIN_TOKEN it asks a running deployment's platform API;
 * otherwise it opens the deployment's database itself (DATABASE_URL, or the embedded one in DATA_DIR, which only one
 * process can hold: stop the server first, or use --api). Either way the same service does the work.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { migrateDatabase, openDatabase } from '@dasturxon/db';
import type { CreatedBrand } from '@dasturxon/domain/contracts';
import { parseConfig } from '../config.ts';
import { createPlatformService } from '../features/platform/index.ts';

const USAGE = `usage:
  npm run brand -- create --sub <sub> --name "<name>" --owner-phone <phone> [--owner-name "<name>"] [--lang ru|uz|eng] [--api <url>]
  npm run brand -- deactivate --sub <sub> [--api <url>]
  npm run brand -- activate --sub <sub> [--api <url>]`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    sub: { type: 'string' },
    name: { type: 'string' },
    'owner-phone': { type: 'string' },
    'owner-name': { type: 'string' },
    lang: { type: 'string' },
    api: { type: 'string' },
  },
});
const command = positionals[0];
const fail = (message: string): never => {
  console.error(`${message}\n${USAGE}`);
  process.exit(64);
};

async function overHttp(base: string, method: string, path: string, body: unknown): Promise<unknown> {
  const token = process.env.PLATFORM_ADMIN_TOKEN ?? fail('PLATFORM_ADMIN_TOKEN is needed with --api');
  const res = await fetch(`${base.replace(/\/+$/, '')}/api/platform/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { code?: string; message?: string; details?: unknown };
  if (!res.ok) fail(`${res.status} ${answer.code ?? ''}: ${answer.message ?? ''} ${answer.details ? JSON.stringify(answer.details) : ''}`);
  return answer;
}

function printCreated(created: CreatedBrand, site: string): void {
  console.log(`Brand "${created.merchant.name}" is open at ${site} (id ${created.merchant.id}).`);
  console.log(`Its owner ${created.owner.phone} signs in at ${site}/ops with the one-time password: ${created.oneTimePassword}`);
  console.log(created.smsSent ? 'The password was also sent by SMS.' : 'The password was not sent by SMS: pass it on yourself.');
}

async function main(): Promise<void> {
  if (command !== 'create' && command !== 'deactivate' && command !== 'activate') fail('say create, deactivate or activate');
  const sub = values.sub ?? fail('--sub is needed');
  const config = parseConfig(process.env);
  const site = (s: string) => `http://${s}.${config.BASE_DOMAINS[0] ?? 'localhost'}${config.PORT === 80 ? '' : `:${config.PORT}`}`;
  const api = values.api ?? process.env.DASTURXON_API_URL;
  const request = {
    sub,
    name: values.name ?? '',
    ownerPhone: values['owner-phone'] ?? '',
    ownerName: values['owner-name'] ?? '',
    mainLanguage: (values.lang ?? 'ru') as 'ru' | 'uz' | 'eng',
  };
  if (command === 'create' && (!request.name || !request.ownerPhone)) fail('--name and --owner-phone are needed');

  if (api) {
    if (command === 'create') return printCreated((await overHttp(api, 'POST', '/merchants', request)) as CreatedBrand, site(sub));
    fail('deactivate and activate over --api take the brand id: PATCH /api/platform/v1/merchants/<id> {"isActive": …}');
  }

  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: resolve(config.DATA_DIR, 'pglite') });
  try {
    await migrateDatabase(database);
    const service = createPlatformService({ db: database.db, siteOf: site });
    if (command === 'create') printCreated(await service.createBrand(request), site(sub));
    else {
      const state = await service.setActive({ sub }, command === 'activate');
      console.log(`Brand "${state.name}" (${state.sub}) is now ${state.isActive ? 'active' : 'deactivated'}.`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  const code = (error as { code?: string }).code;
  console.error(code ? `${code}: ${(error as Error).message} ${JSON.stringify((error as { details?: unknown }).details ?? '')}` : error);
  process.exit(1);
});
