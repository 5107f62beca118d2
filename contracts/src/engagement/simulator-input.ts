import { z } from 'zod';
import { cleanPayload } from '../customers/customer-input';
import { required } from '../validators/core';
import { maxLength } from '../validators/text';
import { booleanish, withRule } from '../validators/zod';

/** The WhatsApp simulator's phone writes to the salon: a reply, STOP, anything up to 1,000 characters. */
export const simulatorReplyInput = z.preprocess(
  cleanPayload,
  z.object({ text: withRule(z.string(), required, maxLength(1000)) }),
);

/** The simulator's number fails (WhatsApp cannot deliver to it) or works again. */
export const simulatorFailingInput = z.preprocess(cleanPayload, z.object({ failing: booleanish }));
