/* Pure helpers of the content screens (issue 28): a list's new order after an arrow or a drag, and story dates. */

/** The order of ids after moving `id` one place up (-1) or down (+1); null at either end or when it is not there. */
export function moved(ids: readonly string[], id: string, by: -1 | 1): string[] | null {
  const at = ids.indexOf(id);
  const to = at + by;
  if (at < 0 || to < 0 || to >= ids.length) return null;
  const next = [...ids];
  [next[at], next[to]] = [next[to]!, next[at]!];
  return next;
}

/** The order of ids after `dragged` was dropped on `target` (it takes the target's place); null when nothing moves. */
export function dropped(ids: readonly string[], dragged: string, target: string): string[] | null {
  if (!dragged || dragged === target || !ids.includes(dragged) || !ids.includes(target)) return null;
  const next = ids.filter((id) => id !== dragged);
  const at = next.indexOf(target);
  // Dropped on an item below it: it goes after that item, as the eye expects; above: before it.
  next.splice(ids.indexOf(dragged) < ids.indexOf(target) ? at + 1 : at, 0, dragged);
  return next;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` input shows it: the device's local time, to the minute. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** What a `datetime-local` input holds (the device's local time) as an ISO instant; '' when empty or unreadable. */
export function fromLocalInput(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString();
}

/** Where a story stands at `now`: shown, not yet begun, or over (its window [startsAt, endsAt)). */
export function storyState(
  story: { startsAt: string; endsAt: string; active: boolean },
  now: number,
): 'off' | 'upcoming' | 'live' | 'ended' {
  if (!story.active) return 'off';
  if (now < Date.parse(story.startsAt)) return 'upcoming';
  return now < Date.parse(story.endsAt) ? 'live' : 'ended';
}
