// How wide the frame is (docs/product.md#admin-console): the public site keeps a reading width; the staff console,
// used all day on wide screens, takes the width up to 1792 px so its tables show every column and action.
import { useRouterState } from '@tanstack/react-router';

const READING_WIDTH = 'max-w-5xl';
const CONSOLE_WIDTH = 'max-w-[112rem]';

/** Whether a path is the staff console's (/admin and its tabs). */
export const isConsolePath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

/** The frame's max-width class for the page open now: the top bar, main and footer line up at that width. */
export function useFrameWidth(): string {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return isConsolePath(pathname) ? CONSOLE_WIDTH : READING_WIDTH;
}
