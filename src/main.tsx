import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { appStore, StateProvider } from '@/ui/state';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StateProvider store={appStore}>
      <App />
    </StateProvider>
  </StrictMode>,
);
