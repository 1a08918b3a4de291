import { createConfig } from '@scrapper/eslint-config';

// Fakes of outside services: used only by tests and the demo mode, never by the UI.
export default createConfig({ forbid: ['@scrapper/ui'] });
