import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerServiceWorker } from './lib/pwa';
import { createAppRouter } from './router';
import './styles.css';

// No data layer here: TanStack Query and the tRPC client load with the routes that use them
// (lib/query-client.tsx), so the public pages' first load does not carry them.
const router = createAppRouter();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

if (import.meta.env.PROD) registerServiceWorker();
