import { describe, expect, it } from 'vitest';
import type { AdminModificationGroup } from '@dasturxon/domain/contracts';
import { checkDraft, draftOf, emptyDraft, moveOption, newOption } from './modification-draft.ts';

const PRODUCT = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const C = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

const option = (id: string, eng: string, price: number, active = true, isDefault = false) => ({
  id,
  name: { eng },
  price,
  image: '',
  priority: 10,
  isDefault,
  active,
  stoppedAt: [],
});
const group = (archived = false): AdminModificationGroup => ({
  id: '33333333-3333-4333-8333-333333333333',
  version: 4,
  productId: OTHER,
  name: { ru: 'Размер', eng: 'Size' },
  min: 1,
  max: 1,
  required: true,
  priority: 10,
  archived,
  options: archived
    ? [option(A, 'Small', 0, false), option(B, 'Large', 6000, false)]
    : [option(A, 'Small', 0, true, true), option(B, 'Large', 6000), option(C, 'XL', 9000, false)],
});

describe('the modification group editor’s draft', () => {
  it('starts from the live options with their ids, and a change’s body keeps them (the archived one is left out)', () => {
    const checked = checkDraft(draftOf(group()), { version: 4 });
    expect(checked).toEqual({
      ok: true,
      body: {
        version: 4,
        name: { ru: 'Размер', eng: 'Size' },
        min: 1,
        max: 1,
        options: [
          { id: A, name: { eng: 'Small' }, price: 0, image: '', isDefault: true },
          { id: B, name: { eng: 'Large' }, price: 6000, image: '', isDefault: false },
        ],
      },
    });
  });

  it('refuses more options chosen by default than the group allows', () => {
    const draft = draftOf(group());
    draft.options = draft.options.map((o) => ({ ...o, isDefault: true }));
    const checked = checkDraft(draft, { version: 4 });
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.problems.map((p) => p.path)).toEqual([['options']]);
  });

  it('an archived group starts with all its options, so a save brings them back', () => {
    expect(draftOf(group(true)).options.map((o) => o.id)).toEqual([A, B]);
  });

  it('a copy for another product has no ids: the API makes new options', () => {
    const checked = checkDraft(draftOf(group(), { copy: true }), { productId: PRODUCT });
    expect(checked.ok).toBe(true);
    const body = (checked as unknown as { body: { productId: string; options: { id?: string }[] } }).body;
    expect(body.productId).toBe(PRODUCT);
    expect(body.options.map((o) => o.id)).toEqual([undefined, undefined]);
  });

  it('names the fields the API would refuse: min above max, max above the options, a negative or missing price, no name', () => {
    const draft = { ...emptyDraft(), name: { ru: 'Соус' }, min: '2', max: '3' };
    draft.options = [
      { ...newOption(), name: { ru: 'Кетчуп' }, price: '-5' },
      { ...newOption(), price: '' },
    ];
    const checked = checkDraft(draft, { productId: PRODUCT });
    expect(checked.ok).toBe(false);
    const paths = (checked as { problems: { path: (string | number)[] }[] }).problems.map((p) => p.path.join('.'));
    expect(paths.sort()).toEqual(['options.0.price', 'options.1.name', 'options.1.price']);
    const maxAbove = checkDraft({ ...draftOf(group()), max: '3' }, { version: 4 });
    expect((maxAbove as { problems: { path: (string | number)[] }[] }).problems.map((p) => p.path.join('.'))).toEqual(['max']);
    const minAbove = checkDraft({ ...draftOf(group()), min: '2', max: '1' }, { version: 4 });
    expect((minAbove as { problems: { path: (string | number)[] }[] }).problems.map((p) => p.path.join('.'))).toEqual(['min']);
  });

  it('moves an option up and down within the list', () => {
    const options = draftOf(group()).options;
    expect(moveOption(options, B, -1).map((o) => o.id)).toEqual([B, A]);
    expect(moveOption(options, B, 1)).toBe(options);
  });
});
