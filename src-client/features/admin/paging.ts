// A list tab's page number lives in the URL (?page=2); moving page keeps the search term.
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { PageSearch, TermSearch } from './search';

export function useSetPage(): (page: number) => void {
  const navigate = useNavigate();
  return useCallback(
    (page: number) => void navigate({ to: '.', search: (prev: PageSearch & TermSearch) => ({ ...prev, page: page > 1 ? page : undefined }) }),
    [navigate],
  );
}
