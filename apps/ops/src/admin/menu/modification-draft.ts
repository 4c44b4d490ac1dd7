import {
  ModificationGroupInput,
  ModificationGroupUpdate,
  type AdminModificationGroup,
  type LocalizedText,
} from '@dasturxon/domain/contracts';

/*
 * The modification group editor's draft (issue 28): what the form holds (numbers as typed), made into the body of
 * POST or PUT /api/admin/v1/modification-groups and checked with the API's own schema before it is sent.
 */

export interface OptionDraft {
  /** The row's key in the form (its id when it has one). */
  key: string;
  /** An option the group has (kept by its id: orders name it); none for a new one. */
  id?: string;
  name: LocalizedText;
  price: string;
  image: string;
  /** Chosen for the customer when the product opens. */
  isDefault: boolean;
}

export interface GroupDraft {
  name: LocalizedText;
  min: string;
  max: string;
  options: OptionDraft[];
}

let counter = 0;
export const newOption = (): OptionDraft => ({ key: `new-${(counter += 1)}`, name: {}, price: '0', image: '', isDefault: false });

export const emptyDraft = (): GroupDraft => ({ name: {}, min: '0', max: '1', options: [newOption()] });

/**
 * A group as the editor starts it: its live options (an archived group: all of them, so a save brings them back).
 * `copy`: the same group without ids, to attach to another product.
 */
export function draftOf(group: AdminModificationGroup, { copy = false } = {}): GroupDraft {
  const options = group.archived ? group.options : group.options.filter((o) => o.active);
  return {
    name: { ...group.name },
    min: String(group.min),
    max: String(group.max),
    options: options.map((o) => ({
      key: copy ? newOption().key : o.id,
      ...(copy ? {} : { id: o.id }),
      name: { ...o.name },
      price: String(o.price),
      image: o.image,
      isDefault: o.isDefault,
    })),
  };
}

/** A number as typed; an empty or non-numeric text stays NaN so the schema names the field. */
const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(/\s/g, '')));

/** The body the API reads, from the draft. */
export function bodyOf(draft: GroupDraft) {
  return {
    name: draft.name,
    min: numberOf(draft.min),
    max: numberOf(draft.max),
    options: draft.options.map((o) => ({
      ...(o.id ? { id: o.id } : {}),
      name: o.name,
      price: numberOf(o.price),
      image: o.image,
      isDefault: o.isDefault,
    })),
  };
}

export interface DraftProblem {
  /** The field as the form names it: 'name', 'min', 'max', 'options', or ['options', index, 'price' | 'name' | 'id']. */
  path: (string | number)[];
  message: string;
}

/**
 * The body of a new group of `productId`, or of a change at `version`, checked by the API's schema: the body to send,
 * or the problems each with its field.
 */
export function checkDraft(
  draft: GroupDraft,
  target: { productId: string } | { version: number },
): { ok: true; body: Record<string, unknown> } | { ok: false; problems: DraftProblem[] } {
  const body = { ...bodyOf(draft), ...target };
  const parsed = 'productId' in target ? ModificationGroupInput.safeParse(body) : ModificationGroupUpdate.safeParse(body);
  if (parsed.success) return { ok: true, body };
  return {
    ok: false,
    problems: parsed.error.issues.map((issue) => ({ path: issue.path as (string | number)[], message: issue.message })),
  };
}

/** Moves an option one place up (-1) or down (+1); the same list when it cannot move. */
export function moveOption(options: OptionDraft[], key: string, by: -1 | 1): OptionDraft[] {
  const at = options.findIndex((o) => o.key === key);
  const to = at + by;
  if (at < 0 || to < 0 || to >= options.length) return options;
  const next = [...options];
  [next[at], next[to]] = [next[to]!, next[at]!];
  return next;
}
