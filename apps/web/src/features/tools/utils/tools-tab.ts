/** The admin tab's id in `/admin?tab=` (the header badge links to it) and its label. */
export const TOOLS_TAB_ID = 'tools';
export const TOOLS_TAB_LABEL = 'Alat & Layanan';
