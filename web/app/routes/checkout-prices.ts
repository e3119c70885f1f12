/**
 * GET /checkout/prices?program=<id>&program=<id>: the price that applies now (an early-bird one with
 * its deadline in the label) and upcoming intakes (with
 * seats left) and VAT class of each published program asked for, as JSON for the checkout. Unknown and
 * unpublished programs are left out; malformed ids are a 400 with a clear message. With `line`
 * parameters instead: the VAT inside the cart's totals (cart-vat.server.ts).
 */
import type { LoaderFunctionArgs } from 'react-router';
import { formatPrice } from '../blocks/live/format';
import { readIntakes, readProgramsById } from '../features/catalogue/catalogue.server';
import { earlyBirdIntakeItem, priceThatApplies } from '../features/catalogue/early-bird';
import { cartVatResponse } from '../features/checkout/cart-vat.server';
import { MAX_QUOTE_PROGRAMS, type Quote } from '../features/checkout/quote';
import { readTaxClasses } from '../features/catalogue/tax-classes.server';
import { isCurrency } from '../lib/money';
import { isUuid } from '../lib/uuid';

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });

async function readProgramTaxClasses(ids: readonly string[]) {
  const [programs, taxClasses] = await Promise.all([readProgramsById(ids), readTaxClasses()]);
  return new Map(
    programs.map((program) => [program.id, (program.tax_class && taxClasses.get(program.tax_class)) || null]),
  );
}

export async function loader({ request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  if (search.has('line')) return cartVatResponse(search.getAll('line'), readProgramTaxClasses);
  const ids = [...new Set(search.getAll('program'))];
  if (ids.length > MAX_QUOTE_PROGRAMS)
    return json({ error: `Ask for at most ${MAX_QUOTE_PROGRAMS} programs at a time.` }, 400);
  if (!ids.every((id) => isUuid(id))) return json({ error: 'Each program must be given by its id (a UUID).' }, 400);
  try {
    const [programs, intakes, taxClasses] = await Promise.all([
      readProgramsById(ids),
      readIntakes(ids),
      readTaxClasses(),
    ]);
    const quote: Quote = {
      programs: programs.flatMap((program) => {
        // The price that applies now; an early-bird one's label says until when.
        const { amount, until } = priceThatApplies(program);
        return isCurrency(program.currency)
          ? [
              {
                id: program.id,
                slug: program.slug,
                title: program.title,
                price: {
                  amount,
                  currency: program.currency,
                  label: `${formatPrice(amount, program.currency)}${until ? ` ${until}` : ''}`,
                },
                taxClass: (program.tax_class && taxClasses.get(program.tax_class)) || null,
                intakes: intakes
                  .filter((intake) => intake.program_id === program.id)
                  .map((intake) => {
                    const { id, dates, place, seatsLeft } = earlyBirdIntakeItem(program, intake);
                    // The intake's own early-bird: what the order charges for a seat in it.
                    const own = priceThatApplies(program, intake).amount;
                    return { id, dates, place, seatsLeft, ...(own === amount ? {} : { amount: own }) };
                  }),
              },
            ]
          : [];
      }),
    };
    return json(quote);
  } catch {
    // The reads have logged why.
    return json({ error: 'The prices could not be read just now. Please try again.' }, 503);
  }
}
