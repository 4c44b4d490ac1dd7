declare const sumBrand: unique symbol;

/** An amount of money in whole so'm (UZS). Never fractional, never a float from a client. */
export type Sum = number & { readonly [sumBrand]: true };

/** Makes a Sum from a number, refusing anything that is not a whole, finite amount. */
export function sum(value: number): Sum {
  if (!Number.isSafeInteger(value)) throw new RangeError(`A sum must be a whole number of so'm, got ${value}`);
  return value as Sum;
}

/** Rounds half up to a whole so'm: the single rounding rule for every percentage. */
export function roundHalfUp(value: number): Sum {
  // Math.round rounds .5 towards +∞ (half up) without the float slip of floor(v + 0.5); + 0 turns -0 into 0.
  return sum(Math.round(value) + 0);
}

/** A percentage of an amount, rounded half up once. Works in integers to avoid float drift at .5. */
export function percentOf(amount: Sum | number, percent: number): Sum {
  if (percent <= 0 || amount === 0) return sum(0);
  // amount * percent / 100 with half-up rounding; percent may carry up to 2 decimals.
  const scaled = Math.round(percent * 100);
  const numerator = amount * scaled;
  return sum(Math.floor((numerator + 5000) / 10000));
}
