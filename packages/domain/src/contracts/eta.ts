import { z } from 'zod';

/** When an order (or a basket at checkout) is expected: domain eta.ts `estimateArrival` (issue 29). */
export const ArrivalEstimate = z.object({
  /** delivery: a range of minutes; pickup: "ready at"; scheduled: the chosen slot. */
  kind: z.enum(['delivery', 'pickup', 'scheduled']),
  /** Minutes from the answer's moment, in steps of 5 for a delivery's range; pickup and scheduled give the same twice. */
  minMinutes: z.number().int().min(0),
  maxMinutes: z.number().int().min(0),
  /**
   * A delivery's latest moment, the pickup's "ready at", the scheduled slot: an ISO instant the server wrote. A plain
   * string, so the quote keeps its compiled response writer (apps/api/src/plugins/response-serializer.ts).
   */
  at: z.string(),
  /** The promised moment has passed: the estimate is the next step from now. */
  overdue: z.boolean(),
});
export type ArrivalEstimate = z.infer<typeof ArrivalEstimate>;
