import { readStored } from '../../lib/storage.ts';

/** Where the chosen branch is kept, one per merchant (the branches feature writes it). */
export const chosenBranchKey = (merchantId: string): string => `dx:${merchantId}:branch`;

export const hasChosenBranch = (merchantId: string): boolean => Boolean(readStored(chosenBranchKey(merchantId)));
