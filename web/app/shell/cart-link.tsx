/** The header's cart link with the number of items in the cart as a badge. */
import { Link } from 'react-router';
import { CART_PATH } from '../config/commerce-paths';
import { useCartCount } from '../features/cart/use-cart-count';

export function CartLink() {
  const count = useCartCount();
  const label = `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <Link to={CART_PATH} className="icon-button cart-link" aria-label={label} data-count={count}>
      <span className="icon icon--cart" aria-hidden="true" />
      {count > 0 ? (
        <span className="cart-badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
