/**
 * The cart screen: one line per program (title, unit price, seats, line total, remove), the
 * totals in USD and KES with the rate, clear, and the way on to checkout; when empty, the way back
 * to the catalogue. The server and the first render show a placeholder: the cart is in the
 * browser's storage.
 */
import { Link } from 'react-router';
import { formatMoney, KES_PER_USD } from '../../lib/money';
import { useCart } from './cart-provider';
import { CartVat } from './cart-vat';
import { lineTotal } from './cart-rules';
import { parsePrice } from '../../lib/price-text';
import { QuantityControl } from './quantity-control';
import '../../components/ui/form-fields.css';
import './cart.css';

interface Props {
  catalogueHref: string;
  checkoutHref: string;
  /** Where the VAT inside the totals is worked out (the checkout's prices route, routes/checkout-prices.ts). */
  vatPath: string;
}

export function CartView({ catalogueHref, checkoutHref, vatPath }: Props) {
  const { ready, items, itemCount, totals, removeFromCart, updateQuantity, clearCart } = useCart();

  if (!ready) {
    return (
      <p className="cart-loading" role="status">
        Loading your cart…
      </p>
    );
  }
  if (items.length === 0) {
    return (
      <div className="cart-empty">
        <p>Your cart is empty.</p>
        <Link className="button" to={catalogueHref}>
          Browse training programs
        </Link>
      </div>
    );
  }
  return (
    <div className="cart">
      <ul className="cart-lines" aria-label="Programs in your cart">
        {items.map((item) => {
          const unit = parsePrice(item.program.price);
          const total = lineTotal(item);
          return (
            <li key={item.program.id} className="cart-line">
              <h2 className="cart-line__title">{item.program.title}</h2>
              <p className="cart-line__unit">
                <span className="cart-line__label">Unit price</span> {formatMoney(unit.amount, unit.currency)}
              </p>
              <QuantityControl
                title={item.program.title}
                quantity={item.quantity}
                onChange={(quantity) => updateQuantity(item.program.id, quantity)}
              />
              <p className="cart-line__total">
                <span className="cart-line__label">Line total</span> {formatMoney(total.amount, total.currency)}
              </p>
              <button
                type="button"
                className="cart-line__remove"
                aria-label={`Remove: ${item.program.title}`}
                onClick={() => removeFromCart(item.program.id)}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ul>
      <section className="cart-summary" aria-labelledby="cart-summary-heading">
        <h2 id="cart-summary-heading">Order summary</h2>
        <p className="cart-summary__count">
          {itemCount} {itemCount === 1 ? 'seat' : 'seats'}
        </p>
        <dl className="cart-totals">
          <div>
            <dt>Total in USD</dt>
            <dd data-testid="total-usd">{formatMoney(totals.usd, 'USD', { cents: true })}</dd>
          </div>
          <div>
            <dt>Total in KES</dt>
            <dd data-testid="total-kes">{formatMoney(totals.kes, 'KES', { cents: true })}</dd>
          </div>
          <CartVat vatPath={vatPath} items={items} />
        </dl>
        <p className="cart-summary__rate">Converted at {KES_PER_USD} KES per USD.</p>
        <div className="cart-summary__actions">
          <Link className="button" to={checkoutHref}>
            Proceed to checkout
          </Link>
          <button type="button" className="button button--secondary" onClick={clearCart}>
            Clear cart
          </button>
        </div>
      </section>
    </div>
  );
}
