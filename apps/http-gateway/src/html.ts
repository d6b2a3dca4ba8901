/** Text made safe for HTML element content and quoted attribute values. */
export const escapeHtml = (value: unknown) => String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
