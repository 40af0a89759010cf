/** Route module of `/category/:id/:slug`, lazy-loaded by the app router. */
import { Navigate, useParams } from 'react-router-dom';
import { CategoryPage } from './components/category-page.tsx';

export function Component() {
  const { id } = useParams();
  const categoryId = Number(id);
  if (!Number.isInteger(categoryId) || categoryId <= 0) return <Navigate to="/" replace />;
  // Keyed by id: moving to a sub-category starts a fresh page rather than showing the parent's data.
  return <CategoryPage key={categoryId} id={categoryId} />;
}
