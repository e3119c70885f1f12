/**
 * The impact figures page's changes, for its route's clientAction: a row's Publish / Delete
 * (row-action.ts), the form's add or save, and a move up or down, posted as JSON. The toast says
 * what happened; the result carries the failure's words.
 */
import { z } from 'zod';
import { toastedAction, type ActionResult } from '../../components/admin/action-result';
import { createImpactMetric } from './api/create-impact-metric';
import { swapMetricOrderInput, swapMetricOrder } from './api/swap-metric-order';
import { updateImpactMetric } from './api/update-impact-metric';
import { isRowIntent, rowAction } from './row-action';
import { metricSchema } from './schemas';

export const metricIntent = z.discriminatedUnion('intent', [
  /** `id` null: a new figure; `values`: the form's input, checked by the api function. */
  z.object({
    intent: z.literal('save-metric'),
    id: z.uuid().nullable(),
    values: z.custom<z.input<typeof metricSchema>>(),
  }),
  z.object({
    intent: z.literal('move-metric'),
    ...swapMetricOrderInput.shape,
    name: z.string(),
    direction: z.enum(['up', 'down']),
  }),
]);
export type MetricIntent = z.input<typeof metricIntent>;

export async function metricAction(request: Request): Promise<ActionResult> {
  const body: unknown = await request.json();
  if (isRowIntent(body)) return rowAction('impact_metrics', body);
  const intent = metricIntent.parse(body);
  switch (intent.intent) {
    case 'save-metric': {
      const { id, values } = intent;
      return toastedAction(intent.intent, async () => {
        if (id) await updateImpactMetric({ id, values });
        else await createImpactMetric(values);
        return `${id ? 'Saved' : 'Added'} “${metricSchema.parse(values).label}”.`;
      });
    }
    case 'move-metric':
      return toastedAction(intent.intent, async () => {
        await swapMetricOrder({ a: intent.a, b: intent.b });
        return `Moved “${intent.name}” ${intent.direction}.`;
      });
  }
}
