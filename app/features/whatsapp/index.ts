export { useWhatsAppAtCheckout, useWhatsAppPreference, WhatsAppUpdates } from './whatsapp-updates.tsx';
