/** The footer's back-to-top control: scrolls to the top and puts focus on the header for keyboard users. */
import { scrollToTop } from '../features/navigation/section-scroll';

export function BackToTop() {
  const onClick = () => {
    scrollToTop(true);
    document.getElementById('top')?.focus({ preventScroll: true });
  };
  return (
    <button type="button" className="back-to-top" onClick={onClick}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path d="M12 19V5m-6 6 6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      Back to top
    </button>
  );
}
