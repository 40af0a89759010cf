/** Route module of `/rebook/:secret`, lazy-loaded by the app router. */
import { useParams } from 'react-router-dom';
import { RebookEntryPage } from './components/rebook-entry-page.tsx';

export function Component() {
  const { secret = '' } = useParams();
  return <RebookEntryPage key={secret} secret={secret} />;
}
