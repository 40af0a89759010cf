/** Route module of `/faq`, lazy-loaded by the app router. */
import { FaqPage } from './components/faq-page.tsx';

export function Component() {
  return <FaqPage />;
}
