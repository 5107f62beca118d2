import { z } from 'zod';
import { cleanPayload } from './customer-input';
import { required } from '../validators/core';
import { maxLength } from '../validators/text';
import { withRule } from '../validators/zod';

/**
 * A penalty written on a customer's record by hand (doc1 §3 customer penalty type 2, "others": a rude
 * visit, a damaged tool...). No-shows (type 1) are recorded by the appointment book when a visit is
 * marked so; here the desk says why, which the penalties list shows.
 */
export const recordPenaltyInput = z.preprocess(
  cleanPayload,
  z.object({ notes: withRule(z.string(), required, maxLength(500)) }),
);
export type RecordPenaltyInput = z.infer<typeof recordPenaltyInput>;
