/** The not-found page, shown inside the site layout with status 404. */
import { Link } from 'react-router';

export function NotFound() {
  return (
    <section className="not-found container">
      <p className="eyebrow">404</p>
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <p>
        <Link to="/">Go to the home page</Link> or <Link to="/contact">contact us</Link>.
      </p>
    </section>
  );
}
