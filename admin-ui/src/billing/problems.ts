import { useTranslate } from 'ra-core';
import { localizeParams } from '@rawnaq/contracts';
import { isHttpError, messageParams } from '../http/errors';
import { useArea } from '../shell/area';
import type { TillProblem } from './basket';
import { buyerFieldLabel } from './BuyerFields';

/** What a refused issue said, each problem on its field (a 422 names them; several come as details). */
export const problemsOf = (error: unknown): TillProblem[] => {
  if (!isHttpError(error)) return [{ key: 'app.errors.unknown' }];
  const body = error.body as { details?: TillProblem[]; errors?: Record<string, string> } | null;
  if (body?.details?.length) return body.details;
  const fields = Object.entries(body?.errors ?? {});
  if (fields.length === 1) return [{ field: fields[0][0], key: error.message, params: messageParams(error) }];
  if (fields.length) return fields.map(([field, key]) => ({ field, key }));
  return [{ key: error.message, params: messageParams(error) }];
};

/** The label of a field a problem names (`lines.0.quantity` → "Qty"), for the messages' %{field}. */
const FIELD_LABELS: Record<string, string> = {
  quantity: 'app.billing.quantity',
  price: 'app.billing.price',
  discount: 'app.billing.discount',
  employee_id: 'app.billing.employee',
  item_id: 'app.billing.lines',
  lines: 'app.billing.lines',
  amount: 'app.billing.amount',
  method: 'app.billing.method',
  authorization_code: 'app.billing.authorization_code',
  payments: 'app.billing.payments',
  customer_id: 'app.billing.customer',
  vat_exemption_code: 'resources.products/define-product.fields.vat_exemption_code',
  appointment_id: 'app.billing.customer',
};

export const useProblemText = () => {
  const translate = useTranslate();
  const { language } = useArea();
  return (p: TillProblem) => {
    const last = p.field?.split('.').pop() ?? '';
    return translate(p.key, {
      ...localizeParams(p.params ?? {}, language),
      field: translate(
        p.field?.startsWith('buyer.') ? buyerFieldLabel(last) : (FIELD_LABELS[last] ?? 'app.billing.lines'),
      ),
      _: p.key,
    });
  };
};
