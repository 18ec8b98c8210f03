import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/index.css';
import { App } from '@/app/app';
import { bootstrap } from '@/app/bootstrap';
import { StartupFailedPage } from '@/app/startup-failed-page';
import { SettingsLoadError } from '@/app/auth/user-manager';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
const root = createRoot(container);

bootstrap().then(
  (config) =>
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    ),
  (error: unknown) => {
    console.error('IST: start-up failed', error);
    const detail = error instanceof SettingsLoadError ? error.message : undefined;
    root.render(<StartupFailedPage detail={detail} />);
  },
);
