/**
 * Sets the browser tab title of a page: "<title> · <organisation name>", or just the organisation
 * name for null. Leaving the page restores the organisation name, so a page without a title of
 * its own never shows the previous page's.
 */
import { useEffect } from 'react';
import { useOrganisation } from './api/organisation.ts';

export function useDocumentTitle(title: string | null): void {
  const { name } = useOrganisation();
  useEffect(() => {
    document.title = title ? `${title} · ${name}` : name;
    return () => {
      document.title = name;
    };
  }, [title, name]);
}
