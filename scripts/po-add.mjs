#!/usr/bin/env node
// Adds or replaces messages in an app's seven PO catalogues, kept in msgid order as `lingui extract` writes them.
//
//   node scripts/po-add.mjs ops messages.json    # { "admin.menu.title": { "ru": "Меню", "uz": "Menyu", "eng": "Menu", ... } }
//   node scripts/po-add.mjs ops                  # only sorts (after a merge)
//   { "old.id": null }                           # removes a message the code no longer asks for
//
// Every message needs all seven languages (uz ru eng ar kz tr zh); the catalogue tests refuse an empty one.
import { readFileSync, writeFileSync } from 'node:fs';

const FOLDERS = { web: 'apps/web/src/i18n/locales', ops: 'apps/ops/src/locales' };
const LANGS = ['uz', 'ru', 'eng', 'ar', 'kz', 'tr', 'zh'];
const [app, file] = process.argv.slice(2);
const folder = FOLDERS[app];
if (!folder) throw new Error(`usage: po-add.mjs <${Object.keys(FOLDERS).join('|')}> [messages.json]`);
const adding = file ? JSON.parse(readFileSync(file, 'utf8')) : {};
for (const [id, texts] of Object.entries(adding)) {
  if (texts === null) continue;
  for (const lang of LANGS) if (!texts[lang]?.trim()) throw new Error(`${id} has no ${lang} text`);
}

const quote = (text) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;

for (const lang of LANGS) {
  const path = `${folder}/${lang}.po`;
  const blocks = readFileSync(path, 'utf8').trimEnd().split(/\n\n+/);
  const header = blocks.shift();
  const entries = new Map();
  for (const block of blocks) {
    const id = /^msgid "((?:[^"\\]|\\.)*)"/m.exec(block)?.[1];
    if (id === undefined) throw new Error(`${path}: a block without msgid:\n${block}`);
    entries.set(id, block);
  }
  for (const [id, texts] of Object.entries(adding)) {
    if (texts === null) entries.delete(id);
    else entries.set(id, `msgid ${quote(id)}\nmsgstr ${quote(texts[lang])}`);
  }
  const ids = [...entries.keys()].sort((a, b) => a.localeCompare(b)); // as `lingui extract` orders them (orderBy: messageId)
  writeFileSync(path, `${[header, ...ids.map((id) => entries.get(id))].join('\n\n')}\n`);
}
