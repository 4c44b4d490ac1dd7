/** A UUID in its text form, in any case (the server reads ids in lower case: its input guard lowers them). */
const UUID_SOURCE = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const UUID_PATTERN = new RegExp(`^${UUID_SOURCE}$`);

/** Whether a value is an id: a UUID string. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_PATTERN.test(value);

/**
 * A route's path parameter that only a UUID matches (the router's `:name(regex)` form), so a word at the same place
 * (`/orders/v1/orders/quote`) is another route's path, not a bad id. `uuidParam('id')` is `:id(^…$)`.
 */
export const uuidParam = (name: string): string => `:${name}(^${UUID_SOURCE}$)`;
