/** An address as a log may show it: the first character of the local part and the domain, `j***@example.com`. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address.slice(0, 1)}***${address.slice(at)}`;
}

/** `text` (a relay's answer, an error) with every address in it masked, and cut to `maxChars`. */
export function maskAddressesIn(text: string, maxChars = 300): string {
  return text.replace(/[^\s<>"'(),;:@]+@[^\s<>"'(),;:@]+/g, maskAddress).slice(0, maxChars);
}
