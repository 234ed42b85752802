/** Text made safe inside HTML, in content and in quoted attributes alike (& < > " '). */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
